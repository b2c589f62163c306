/* The Fortran bindings' conversions (fortran.h): statuses through
 * MPI_Status_f2c/c2f, strings with hidden lengths and trailing blanks, and
 * the library's own copy of COMMON /SIMPI_F/ (used by programs that never
 * include mpif.h nor use the mpi module). */
#include "fortran.h"
#include <string.h>

FT_API struct ft_sentinels simpi_f_;

static int status_ignored(const MPI_Fint *f)
{
  return f == simpi_f_.status_ignore || f == simpi_f_.statuses_ignore;
}

MPI_Status *ft_status_in(MPI_Fint *f, MPI_Status *c)
{
  if (status_ignored(f))
    return MPI_STATUS_IGNORE;
  PMPI_Status_f2c(f, c);
  return c;
}

void ft_status_out(MPI_Fint *f, MPI_Status *c)
{
  if (!status_ignored(f))
    PMPI_Status_c2f(c, f);
}

MPI_Status *ft_statuses_in(MPI_Fint *f, int n, ft_statuses_t *s)
{
  s->c = NULL;
  if (status_ignored(f))
    return MPI_STATUSES_IGNORE;
  s->c = n <= (int)(sizeof s->small / sizeof *s->small) ? s->small : malloc(sizeof *s->c * (size_t)n);
  for (int i = 0; i < n; i++)
    PMPI_Status_f2c(f + (size_t)i * MPI_F_STATUS_SIZE, &s->c[i]);
  return s->c;
}

void ft_statuses_out(MPI_Fint *f, int n, ft_statuses_t *s)
{
  if (!s->c)
    return;
  for (int i = 0; i < n; i++)
    PMPI_Status_c2f(&s->c[i], f + (size_t)i * MPI_F_STATUS_SIZE);
  if (s->c != s->small)
    free(s->c);
}

char *ft_str_in(const char *f, size_t len)
{
  while (len > 0 && f[len - 1] == ' ')
    len--;
  char *c = malloc(len + 1);
  memcpy(c, f, len);
  c[len] = 0;
  return c;
}

char *ft_str_trim(const char *f, size_t len)
{
  while (len > 0 && *f == ' ')
    f++, len--;
  return ft_str_in(f, len);
}

char *ft_str_room(int n)
{
  return calloc((size_t)(n > 0 ? n : 0) + 1, 1);
}

void ft_str_out(char *f, size_t len, const char *c)
{
  size_t n = strlen(c);
  if (n > len)
    n = len;
  memcpy(f, c, n);
  memset(f + n, ' ', len - n);
}

_Static_assert(sizeof(MPI_Aint) == 8 && sizeof(MPI_Count) == 8 && sizeof(MPI_Offset) == 8 && sizeof(MPI_Fint) == 4,
               "the kinds gen.py gives Fortran (MPI_ADDRESS_KIND ...)");
