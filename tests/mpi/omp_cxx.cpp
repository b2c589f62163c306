/* what this tests: a C++ MPI program with OpenMP: a std::vector per thread filled in a parallel
 *   for, push_back into a shared std::vector under omp critical, sorted and checked; per-thread
 *   buckets indexed by omp_get_thread_num merged after the region (schedule(static): runs in
 *   thread order); a user-declared reduction (declare reduction) concatenating vectors; exceptions
 *   thrown and caught inside the threads of a region; every rank's values gathered with
 *   MPI_Allgatherv and checked; rank 0 prints one verdict per case
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

static int rank, size;
static std::vector<std::string> whats;
static std::vector<int> oks;

// this rank's verdict of a case; report() prints them all after one MPI_Allreduce
static void check(const std::string &what, bool ok)
{
  whats.push_back(what);
  oks.push_back(ok);
}

static void report()
{
  std::vector<int> all(oks.size());
  MPI_Allreduce(oks.data(), all.data(), (int)oks.size(), MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0)
    for (size_t i = 0; i < all.size(); i++)
      std::printf("%s: %s\n", whats[i].c_str(), all[i] ? "ok" : "FAIL");
}

#pragma omp declare reduction(concat : std::vector<int> : omp_out.insert(omp_out.end(), omp_in.begin(), omp_in.end()))

static const int N = 3000; // global values 0..N-1, each rank takes a block

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nt = omp_get_max_threads();
  int lo = (int)((long long)N * rank / size), hi = (int)((long long)N * (rank + 1) / size);

  // 1. each thread fills its own vector, then appends it under critical; sorted afterwards
  std::vector<int> shared;
  {
    long long sum = 0;
#pragma omp parallel reduction(+ : sum)
    {
      std::vector<int> mine;
#pragma omp for schedule(dynamic, 13) nowait
      for (int i = lo; i < hi; i++) {
        mine.push_back(i);
        sum += i;
      }
      for (int v : mine) {
#pragma omp critical(shared_push)
        shared.push_back(v);
      }
    }
    std::sort(shared.begin(), shared.end());
    std::vector<int> expect(hi - lo);
    std::iota(expect.begin(), expect.end(), lo);
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    check("per-thread vectors, push_back under critical", shared == expect &&
                                                            sum == (long long)N * (N - 1) / 2);
  }

  // 2. buckets indexed by thread number, merged by the master
  {
    std::vector<std::vector<int>> buckets(nt);
    std::vector<int> sizes(nt, -1);
#pragma omp parallel
    {
      int t = omp_get_thread_num();
#pragma omp for schedule(static)
      for (int i = lo; i < hi; i++)
        buckets[t].push_back(i * 2);
      sizes[t] = (int)buckets[t].size();
    }
    std::vector<int> merged;
    bool ok = true;
    for (int t = 0; t < nt; t++) {
      ok = ok && sizes[t] == (int)buckets[t].size();
      // schedule(static): each bucket is one contiguous increasing run, the runs in thread order
      merged.insert(merged.end(), buckets[t].begin(), buckets[t].end());
    }
    ok = ok && (int)merged.size() == hi - lo && std::is_sorted(merged.begin(), merged.end());
    for (size_t k = 0; ok && k < merged.size(); k++)
      ok = merged[k] == 2 * (lo + (int)k);
    check("buckets by thread number", ok);
  }

  // 3. a user-declared reduction concatenating vectors
  {
    std::vector<int> all;
#pragma omp parallel for reduction(concat : all) schedule(guided)
    for (int i = lo; i < hi; i++)
      if (i % 3 == 0)
        all.push_back(i);
    std::sort(all.begin(), all.end());
    bool ok = true;
    int expect = (lo + 2) / 3 * 3;
    for (int v : all) {
      ok = ok && v == expect;
      expect += 3;
    }
    check("declare reduction on std::vector", ok && expect >= hi && expect - 3 < hi);
  }

  // 4. an exception thrown and caught inside the threads of a region
  {
    int caught = 0;
#pragma omp parallel reduction(+ : caught)
    {
      try {
        if (omp_get_thread_num() % 2 == 0)
          throw std::runtime_error("even thread " + std::to_string(omp_get_thread_num()));
      } catch (const std::runtime_error &e) {
        caught += std::string(e.what()).rfind("even thread ", 0) == 0;
      }
    }
    check("exceptions inside a region", caught == (nt + 1) / 2);
  }

  // 5. every rank's sorted values gathered with MPI_Allgatherv: 0..N-1 once each
  {
    int mine = (int)shared.size();
    std::vector<int> counts(size), displs(size), everything(N, -1);
    MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 1; r < size; r++)
      displs[r] = displs[r - 1] + counts[r - 1];
    MPI_Allgatherv(shared.data(), mine, MPI_INT, everything.data(), counts.data(), displs.data(),
                   MPI_INT, MPI_COMM_WORLD);
    std::vector<int> expect(N);
    std::iota(expect.begin(), expect.end(), 0);
    check("vectors gathered from every rank", everything == expect);
  }

  report();
  MPI_Finalize();
  return 0;
}
