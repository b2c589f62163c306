// Per-rank C++ globals (tests/unit/proc_cxx.sh): each rank constructs and destroys its own,
// as a process does; a global string modified in place, a map, a class with a static
// member, a function-local static, a destructor that prints.
#include <mpi.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static std::string label = "a label longer than the small-string buffer of libstdc++";
static std::map<int, std::string> registry = {{-1, "none"}};

struct Logger {
  std::vector<int> seen;
  int rank = -1;
  ~Logger() { std::printf("rank %d: destructor: %zu entries, label '%s'\n", rank, seen.size(), label.c_str()); }
};
static Logger logger;

struct Counted {
  static int instances;
  Counted() { instances++; }
};
int Counted::instances = 0;
static Counted c1, c2;

static size_t grow()
{
  static std::string local = "a function-local static, long enough for the heap";
  local += "!";
  return local.size();
}

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  logger.rank = rank;
  label += " of rank " + std::to_string(rank);
  registry[rank] = "r" + std::to_string(rank);
  for (int i = 0; i <= rank; i++)
    logger.seen.push_back(i);
  MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d: label '%s', %zu registry entries, %d instances, grow %zu\n", rank, label.c_str(),
              registry.size(), Counted::instances, grow());
  MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d: grow %zu\n", rank, grow());
  MPI_Finalize();
  return 0;
}
