/* what this tests: a C++ program built with simcxx: STL containers as message buffers
 * (vector, string, a map sent as text), a class whose static members count its
 * objects on each rank, exceptions thrown, rethrown and caught around MPI calls;
 * rank 0 prints one verdict per case
 * np: 1 2 3 5
 */
#include <mpi.h>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

static int rank, size;

// every rank's verdict, reported by rank 0
static void report(const std::string &what, bool ok)
{
  int mine = ok, all = 0;
  MPI_Reduce(&mine, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("%s: %s\n", what.c_str(), all ? "ok" : "FAIL");
}

class Particle {
public:
  static int live;                 // objects alive on this rank
  static std::vector<int> created; // ids of every object this rank made
  explicit Particle(int id) : id_(id) { live++, created.push_back(id); }
  Particle(const Particle &o) : id_(o.id_) { live++; }
  ~Particle() { live--; }
  int id() const { return id_; }

private:
  int id_;
};
int Particle::live = 0;
std::vector<int> Particle::created;

struct Failure : std::runtime_error {
  int rank;
  Failure(int r) : std::runtime_error("failure on rank " + std::to_string(r)), rank(r) {}
};

static void may_throw(int r)
{
  MPI_Barrier(MPI_COMM_WORLD);
  if (r % 2 == 1)
    throw Failure(r);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  // a vector as the buffer of a collective
  std::vector<double> v(100);
  for (size_t i = 0; i < v.size(); i++)
    v[i] = rank + 0.5 * (double)i;
  std::vector<double> sum(v.size());
  MPI_Allreduce(v.data(), sum.data(), (int)v.size(), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  bool ok = true;
  for (size_t i = 0; i < v.size(); i++)
    ok &= sum[i] == size * (size - 1) / 2.0 + size * 0.5 * (double)i;
  report("vector allreduce", ok);

  // strings round a ring, with their length found by MPI_Probe
  std::string out = "greetings from rank " + std::to_string(rank) + std::string((size_t)rank * 10, '!');
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  MPI_Request req;
  MPI_Isend(out.data(), (int)out.size(), MPI_CHAR, next, 1, MPI_COMM_WORLD, &req);
  MPI_Status st;
  MPI_Probe(prev, 1, MPI_COMM_WORLD, &st);
  int len;
  MPI_Get_count(&st, MPI_CHAR, &len);
  std::string in((size_t)len, ' ');
  MPI_Recv(&in[0], len, MPI_CHAR, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  report("string ring", in == "greetings from rank " + std::to_string(prev) + std::string((size_t)prev * 10, '!'));

  // a map gathered on rank 0 as text, then rebuilt and broadcast back
  std::map<std::string, int> local;
  for (int k = 0; k <= rank; k++)
    local["r" + std::to_string(rank) + "k" + std::to_string(k)] = rank * 100 + k;
  std::ostringstream os;
  for (auto &kv : local)
    os << kv.first << ' ' << kv.second << '\n';
  std::string text = os.str();
  int n = (int)text.size();
  std::vector<int> counts(size), displs(size);
  MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
  std::string all(rank == 0 ? (size_t)(displs[size - 1] + counts[size - 1]) : 0, ' ');
  MPI_Gatherv(text.data(), n, MPI_CHAR, &all[0], counts.data(), displs.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  int entries = 0;
  if (rank == 0) {
    std::map<std::string, int> merged;
    std::istringstream is(all);
    std::string key;
    int val;
    while (is >> key >> val)
      merged[key] = val;
    entries = (int)merged.size();
    ok = merged["r0k0"] == 0 && merged["r" + std::to_string(size - 1) + "k0"] == (size - 1) * 100;
  }
  MPI_Bcast(&entries, 1, MPI_INT, 0, MPI_COMM_WORLD);
  report("map gathered", entries == size * (size + 1) / 2 && (rank != 0 || ok));

  // static members: each rank counts only its own objects
  {
    std::vector<Particle> ps;
    for (int k = 0; k < rank + 3; k++)
      ps.emplace_back(rank * 1000 + k);
    MPI_Barrier(MPI_COMM_WORLD);
    std::vector<int> lives(size);
    MPI_Allgather(&Particle::live, 1, MPI_INT, lives.data(), 1, MPI_INT, MPI_COMM_WORLD);
    ok = true;
    for (int r = 0; r < size; r++)
      ok &= lives[r] == r + 3;
    ok &= (int)Particle::created.size() == rank + 3 && Particle::created[0] == rank * 1000;
    report("static members per rank", ok);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  report("static members after destruction", Particle::live == 0);

  // exceptions: thrown after a collective, rethrown after another, caught in main
  int caught = -1;
  std::string message;
  try {
    try {
      may_throw(rank);
    } catch (Failure &) {
      MPI_Barrier(MPI_COMM_WORLD); // odd ranks: other ranks run while this one is in a handler
      throw;
    }
    MPI_Barrier(MPI_COMM_WORLD);
  } catch (Failure &f) {
    caught = f.rank;
    message = f.what();
  }
  ok = rank % 2 ? caught == rank && message == "failure on rank " + std::to_string(rank) : caught == -1;
  report("exceptions around MPI calls", ok);

  MPI_Finalize();
  return 0;
}
