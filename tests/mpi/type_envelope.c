/* what this tests: Type_get_envelope/Type_get_contents for every combiner (and NAMED),
 *   rebuilding a type from its contents, freeing returned derived types; Type_set_name/
 *   get_name on derived and predefined types (dup has no name); Type_free sets
 *   MPI_DATATYPE_NULL; a type stays usable after the types it was built from are freed;
 *   Type_dup of a committed type is committed; Type_match_size sizes
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static const char *combiner_name(int c)
{
    switch (c) {
    case MPI_COMBINER_NAMED: return "NAMED";
    case MPI_COMBINER_DUP: return "DUP";
    case MPI_COMBINER_CONTIGUOUS: return "CONTIGUOUS";
    case MPI_COMBINER_VECTOR: return "VECTOR";
    case MPI_COMBINER_HVECTOR: return "HVECTOR";
    case MPI_COMBINER_INDEXED: return "INDEXED";
    case MPI_COMBINER_HINDEXED: return "HINDEXED";
    case MPI_COMBINER_INDEXED_BLOCK: return "INDEXED_BLOCK";
    case MPI_COMBINER_HINDEXED_BLOCK: return "HINDEXED_BLOCK";
    case MPI_COMBINER_STRUCT: return "STRUCT";
    case MPI_COMBINER_SUBARRAY: return "SUBARRAY";
    case MPI_COMBINER_DARRAY: return "DARRAY";
    case MPI_COMBINER_RESIZED: return "RESIZED";
    }
    return "other";
}

static void type_label(MPI_Datatype t, char *out, size_t len)
{
    char name[MPI_MAX_OBJECT_NAME];
    int n, ni, na, nd, comb;
    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    MPI_Type_get_name(t, name, &n);
    snprintf(out, len, "%s", comb == MPI_COMBINER_NAMED ? name : combiner_name(comb));
}

/* ints[i] of a constructor, with the constants of subarray and darray by name */
static const char *int_label(int comb, const int *ints, int ni, int i)
{
    static char buf[32];
    int v = ints[i];
    int nd = comb == MPI_COMBINER_DARRAY ? ints[2] : ints[0];
    if ((comb == MPI_COMBINER_SUBARRAY || comb == MPI_COMBINER_DARRAY) && i == ni - 1)
        return v == MPI_ORDER_C ? "C" : v == MPI_ORDER_FORTRAN ? "FORTRAN" : "?";
    if (comb == MPI_COMBINER_DARRAY && i >= 3 + nd && i < 3 + 2 * nd)
        return v == MPI_DISTRIBUTE_BLOCK ? "BLOCK" : v == MPI_DISTRIBUTE_CYCLIC ? "CYCLIC" : "NONE";
    if (comb == MPI_COMBINER_DARRAY && i >= 3 + 2 * nd && i < 3 + 3 * nd && v == MPI_DISTRIBUTE_DFLT_DARG)
        return "DFLT";
    snprintf(buf, sizeof buf, "%d", v);
    return buf;
}

/* prints the envelope and contents of t, frees returned derived types */
static void show(const char *what, MPI_Datatype t)
{
    int ni, na, nd, comb, ints[64];
    MPI_Aint aints[64];
    MPI_Datatype types[64];
    char line[2048], label[MPI_MAX_OBJECT_NAME];
    size_t len;
    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    len = (size_t)snprintf(line, sizeof line, "%s: %s ni %d na %d nd %d", what, combiner_name(comb), ni, na, nd);
    if (comb != MPI_COMBINER_NAMED) {
        MPI_Type_get_contents(t, 64, 64, 64, ints, aints, types);
        len += (size_t)snprintf(line + len, sizeof line - len, " ints");
        for (int i = 0; i < ni; i++)
            len += (size_t)snprintf(line + len, sizeof line - len, " %s", int_label(comb, ints, ni, i));
        len += (size_t)snprintf(line + len, sizeof line - len, " aints");
        for (int i = 0; i < na; i++)
            len += (size_t)snprintf(line + len, sizeof line - len, " %ld", (long)aints[i]);
        len += (size_t)snprintf(line + len, sizeof line - len, " types");
        for (int i = 0; i < nd; i++) {
            int c, x, y, z;
            type_label(types[i], label, sizeof label);
            len += (size_t)snprintf(line + len, sizeof line - len, " %s", label);
            MPI_Type_get_envelope(types[i], &x, &y, &z, &c);
            if (c != MPI_COMBINER_NAMED)
                MPI_Type_free(&types[i]);
        }
    }
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);
}

int main(int argc, char **argv)
{
    MPI_Datatype t, c, v, u, s;
    char name[MPI_MAX_OBJECT_NAME];
    int n;

    MPI_Init(&argc, &argv);

    show("MPI_INT", MPI_INT);
    show("MPI_DOUBLE_INT", MPI_DOUBLE_INT);
    MPI_Type_contiguous(4, MPI_INT, &c);
    show("contiguous", c);
    MPI_Type_vector(3, 2, 5, c, &v);
    show("vector of contiguous", v);
    MPI_Type_create_hvector(2, 1, 100, v, &t);
    show("hvector of vector", t);
    MPI_Type_free(&t);
    MPI_Type_indexed(2, (int[]){3, 1}, (int[]){4, 0}, MPI_FLOAT, &t);
    show("indexed", t);
    MPI_Type_free(&t);
    MPI_Type_create_hindexed(2, (int[]){1, 2}, (MPI_Aint[]){24, 0}, MPI_DOUBLE, &t);
    show("hindexed", t);
    MPI_Type_free(&t);
    MPI_Type_create_indexed_block(3, 2, (int[]){0, 5, 9}, MPI_SHORT, &t);
    show("indexed_block", t);
    MPI_Type_free(&t);
    MPI_Type_create_hindexed_block(2, 4, (MPI_Aint[]){0, 64}, MPI_CHAR, &t);
    show("hindexed_block", t);
    MPI_Type_free(&t);
    MPI_Type_create_struct(3, (int[]){1, 2, 1}, (MPI_Aint[]){0, 8, 40}, (MPI_Datatype[]){MPI_INT, v, MPI_DOUBLE},
                           &s);
    show("struct", s);
    MPI_Type_create_resized(s, -8, 128, &t);
    show("resized", t);
    MPI_Type_free(&t);
    MPI_Type_dup(s, &t);
    show("dup", t);
    MPI_Type_free(&t);
    MPI_Type_create_subarray(2, (int[]){4, 6}, (int[]){2, 3}, (int[]){1, 2}, MPI_ORDER_FORTRAN, MPI_DOUBLE, &t);
    show("subarray", t);
    MPI_Type_free(&t);
    MPI_Type_create_darray(4, 3, 2, (int[]){8, 9}, (int[]){MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC},
                           (int[]){MPI_DISTRIBUTE_DFLT_DARG, 2}, (int[]){2, 2}, MPI_ORDER_C, MPI_INT, &t);
    show("darray", t);
    MPI_Type_free(&t);

    /* rebuild a vector from its contents and compare the typemaps through a pack */
    {
        int ints[3], buf[40], p1 = 0, p2 = 0;
        MPI_Aint a[1];
        MPI_Datatype d[1], r;
        char out1[400], out2[400];
        MPI_Type_get_contents(v, 3, 0, 1, ints, a, d);
        MPI_Type_vector(ints[0], ints[1], ints[2], d[0], &r);
        MPI_Type_commit(&r);
        MPI_Type_commit(&v);
        for (int i = 0; i < 40; i++)
            buf[i] = i;
        MPI_Pack(buf, 1, v, out1, sizeof out1, &p1, MPI_COMM_WORLD);
        MPI_Pack(buf, 1, r, out2, sizeof out2, &p2, MPI_COMM_WORLD);
        printf("rebuilt vector: same packing %d (%d bytes)\n", p1 == p2 && !memcmp(out1, out2, (size_t)p1), p1);
        MPI_Type_free(&r);
        MPI_Type_free(&d[0]);
    }

    /* names */
    MPI_Type_get_name(c, name, &n);
    printf("unnamed: '%s' %d\n", name, n);
    MPI_Type_set_name(c, "four ints");
    MPI_Type_get_name(c, name, &n);
    printf("named: '%s' %d\n", name, n);
    MPI_Type_dup(c, &t);
    MPI_Type_get_name(t, name, &n);
    printf("dup of named: '%s' %d\n", name, n);
    MPI_Type_free(&t);
    MPI_Type_set_name(c, "renamed");
    MPI_Type_get_name(c, name, &n);
    printf("renamed: '%s' %d\n", name, n);
    {
        MPI_Datatype pre[] = {MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_WCHAR, MPI_SHORT,
                              MPI_UNSIGNED_SHORT, MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT,
                              MPI_UNSIGNED_LONG_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_INT8_T,
                              MPI_INT16_T, MPI_INT32_T, MPI_INT64_T, MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T,
                              MPI_UINT64_T, MPI_C_BOOL, MPI_C_DOUBLE_COMPLEX, MPI_C_LONG_DOUBLE_COMPLEX, MPI_AINT,
                              MPI_OFFSET, MPI_COUNT, MPI_PACKED, MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT,
                              MPI_2INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT};
        char line[2048];
        size_t len = (size_t)snprintf(line, sizeof line, "predefined names:");
        for (size_t i = 0; i < sizeof pre / sizeof *pre; i++) {
            MPI_Type_get_name(pre[i], name, &n);
            len += (size_t)snprintf(line + len, sizeof line - len, " %s", name);
        }
        snprintf(line + len, sizeof line - len, "\n");
        fputs(line, stdout);
    }

    /* a type outlives the types it was built from */
    MPI_Type_commit(&s);
    MPI_Type_free(&v);
    MPI_Type_free(&c);
    printf("freed handles are MPI_DATATYPE_NULL: %d %d\n", v == MPI_DATATYPE_NULL, c == MPI_DATATYPE_NULL);
    {
        char in[512], out[512];
        int pos = 0, size;
        for (int i = 0; i < 512; i++)
            in[i] = (char)i;
        MPI_Pack(in, 1, s, out, sizeof out, &pos, MPI_COMM_WORLD);
        MPI_Type_size(s, &size);
        printf("struct still packs: %d bytes of %d\n", pos, size);
        show("struct after its parts were freed", s);
    }
    MPI_Type_dup(s, &u);
    MPI_Type_free(&s);
    {
        int x[200] = {0}, y[200], pos = 0;
        char out[1024];
        MPI_Pack(x, 1, u, out, sizeof out, &pos, MPI_COMM_WORLD); /* dup of a committed type is committed */
        MPI_Sendrecv(x, 1, u, 0, 0, y, 1, u, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
        printf("dup of committed packs %d bytes\n", pos);
    }
    MPI_Type_free(&u);

    /* Type_match_size: the size of the matched type (names differ between implementations) */
    {
        int sizes[] = {1, 2, 4, 8};
        for (int i = 0; i < 4; i++) {
            MPI_Datatype m;
            int sz;
            MPI_Type_match_size(MPI_TYPECLASS_INTEGER, sizes[i], &m);
            MPI_Type_size(m, &sz);
            printf("match integer %d: size %d\n", sizes[i], sz);
        }
        MPI_Datatype m;
        int sz;
        MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &m);
        MPI_Type_size(m, &sz);
        printf("match real 8: size %d\n", sz);
        MPI_Type_match_size(MPI_TYPECLASS_COMPLEX, 16, &m);
        MPI_Type_size(m, &sz);
        printf("match complex 16: size %d\n", sz);
    }
    MPI_Finalize();
    return 0;
}
