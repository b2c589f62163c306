// One of the three programs of the build-system checks: MPI from C++.
#include <mpi.h>
#include <iostream>
#include <numeric>
#include <vector>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<int> all(size);
  MPI_Gather(&rank, 1, MPI_INT, all.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::cout << "C++: " << size << " ranks, sum " << std::accumulate(all.begin(), all.end(), 0) << std::endl;
  MPI_Finalize();
  return 0;
}
