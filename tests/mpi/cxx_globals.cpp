/* what this tests: C++ global objects that own heap memory (a long std::string, a
 * std::map, a std::vector) and a global whose constructor has a side effect are each
 * rank's own, as in separate processes: every rank changes them and finds only its
 * own changes
 * np: 1 2 3 5
 */
#include <mpi.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static int constructed; // how many times the constructor of `tracker` ran in this process
struct Tracker {
  Tracker() { constructed++; }
} tracker;

std::string motto = "a string long enough to live on the heap, not in the string object itself";
std::map<int, std::string> names = {{-1, "nobody"}};
std::vector<int> seen = {1, 2, 3};

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  motto[0] = (char)('A' + rank);
  names[rank] = "rank " + std::to_string(rank);
  seen[0] = rank;
  seen.push_back(rank);
  MPI_Barrier(MPI_COMM_WORLD);
  int ok = motto[0] == 'A' + rank && names.size() == 2 && names[rank] == "rank " + std::to_string(rank) &&
           seen.size() == 4 && seen[0] == rank && seen[3] == rank && constructed == 1;
  int all;
  MPI_Reduce(&ok, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("global objects per rank: %s\n", all ? "ok" : "FAIL");
  MPI_Finalize();
  return 0;
}
