/* what this tests: struct types: an array of C structs (extent = sizeof with padding)
 *   sent to a differently laid out struct; absolute addresses from MPI_Get_address used
 *   with MPI_BOTTOM on both sides (scattered variables, Isend/Irecv, Sendrecv to self); a struct
 *   with a resized member and a negative lower bound; MPI_Aint_add/diff
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stddef.h>

struct particle {
    char tag;
    double x[3];
    int id;
    short flags;
};

struct packed_view { /* the same values, another layout */
    int id;
    double x[3];
    short flags;
    char tag;
};

static MPI_Datatype particle_type(void)
{
    MPI_Datatype t;
    int bl[4] = {1, 3, 1, 1};
    MPI_Aint d[4] = {offsetof(struct particle, tag), offsetof(struct particle, x), offsetof(struct particle, id),
                     offsetof(struct particle, flags)};
    MPI_Datatype ty[4] = {MPI_CHAR, MPI_DOUBLE, MPI_INT, MPI_SHORT};
    MPI_Type_create_struct(4, bl, d, ty, &t);
    return t;
}

static MPI_Datatype view_type(void)
{
    MPI_Datatype t;
    int bl[4] = {1, 3, 1, 1};
    MPI_Aint d[4] = {offsetof(struct packed_view, tag), offsetof(struct packed_view, x),
                     offsetof(struct packed_view, id), offsetof(struct packed_view, flags)};
    MPI_Datatype ty[4] = {MPI_CHAR, MPI_DOUBLE, MPI_INT, MPI_SHORT};
    MPI_Type_create_struct(4, bl, d, ty, &t);
    return t;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Datatype pt, vt, t;
    MPI_Aint lb, ext;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* 1. an array of structs; extent must equal sizeof so that count > 1 works */
    pt = particle_type();
    vt = view_type();
    MPI_Type_commit(&pt);
    MPI_Type_commit(&vt);
    MPI_Type_get_extent(pt, &lb, &ext);
    if (rank == 0)
        printf("rank %d: particle: lb %ld extent %ld sizeof %zu\n", rank, (long)lb, (long)ext, sizeof(struct particle));
    if (rank == 0) {
        struct particle p[3];
        for (int i = 0; i < 3; i++) {
            p[i].tag = (char)('a' + i);
            p[i].x[0] = i + 0.5;
            p[i].x[1] = -i;
            p[i].x[2] = 1e10 * i;
            p[i].id = 100 + i;
            p[i].flags = (short)(-3 * i);
        }
        MPI_Send(p, 3, pt, 1, 0, MPI_COMM_WORLD);
    } else {
        struct packed_view v[3];
        int c;
        MPI_Recv(v, 3, vt, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, vt, &c);
        for (int i = 0; i < c; i++)
            printf("rank %d: view %d: tag %c x %g %g %g id %d flags %d\n", rank, i, v[i].tag, v[i].x[0], v[i].x[1], v[i].x[2],
                   v[i].id, v[i].flags);
    }

    /* 2. scattered variables through MPI_BOTTOM */
    {
        int a = 0;
        double b[2] = {0, 0};
        char c[5] = "----";
        int bl[3] = {1, 2, 4};
        MPI_Aint d[3];
        MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
        MPI_Get_address(&a, &d[0]);
        MPI_Get_address(b, &d[1]);
        MPI_Get_address(c, &d[2]);
        MPI_Type_create_struct(3, bl, d, ty, &t);
        MPI_Type_commit(&t);
        if (rank == 0) {
            a = 42;
            b[0] = 3.25;
            b[1] = -1;
            c[0] = 'w';
            c[1] = 'x';
            c[2] = 'y';
            c[3] = 'z';
            MPI_Send(MPI_BOTTOM, 1, t, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(MPI_BOTTOM, 1, t, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank %d: bottom back: %d %g %g %s\n", rank, a, b[0], b[1], c);
        } else {
            MPI_Request r;
            MPI_Irecv(MPI_BOTTOM, 1, t, 0, 1, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, &st);
            printf("rank %d: bottom: %d %g %g %s\n", rank, a, b[0], b[1], c);
            a++;
            b[0] *= 2;
            c[0] = 'W';
            MPI_Isend(MPI_BOTTOM, 1, t, 0, 2, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
        /* Sendrecv with MPI_BOTTOM on the receive side and a plain buffer on the send side */
        {
            unsigned char raw[2 * sizeof(double) + sizeof(int) + 4];
            int n;
            MPI_Sendrecv(MPI_BOTTOM, 1, t, rank, 3, raw, sizeof raw, MPI_BYTE, rank, 3, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &n);
            a = b[0] = b[1] = 0;
            MPI_Sendrecv(raw, n, MPI_BYTE, rank, 3, MPI_BOTTOM, 1, t, rank, 3, MPI_COMM_WORLD, &st);
            if (rank == 1)
                printf("rank %d: sendrecv bottom: %d %g %g %s\n", rank, a, b[0], b[1], c);
        }
        MPI_Type_free(&t);
    }

    /* 3. a struct whose int member is resized to lb -4, extent 12 */
    {
        MPI_Datatype r;
        int buf[12], i;
        MPI_Type_create_resized(MPI_INT, -4, 12, &r);
        MPI_Type_create_struct(2, (int[]){2, 1}, (MPI_Aint[]){8, 40}, (MPI_Datatype[]){r, MPI_CHAR}, &t);
        MPI_Type_commit(&t);
        MPI_Aint tlb, text;
        MPI_Type_get_extent(t, &lb, &ext);
        MPI_Type_get_true_extent(t, &tlb, &text);
        if (rank == 0)
            printf("rank %d: struct(resized int x2 @8, char @40): lb %ld extent %ld true_lb %ld true_extent %ld\n", rank, (long)lb,
                   (long)ext, (long)tlb, (long)text);
        for (i = 0; i < 12; i++)
            buf[i] = rank == 0 ? i : -1;
        if (rank == 0)
            MPI_Send(buf, 1, t, 1, 4, MPI_COMM_WORLD);
        else {
            MPI_Recv(buf, 1, t, 0, 4, MPI_COMM_WORLD, &st);
            printf("rank %d: resized member: %d %d %d %d %d %d char %d\n", rank, buf[0], buf[1], buf[2], buf[3], buf[4], buf[5],
                   ((unsigned char *)buf)[40]);
        }
        MPI_Type_free(&t);
        MPI_Type_free(&r);
    }

    /* 4. address arithmetic */
    {
        double arr[10];
        MPI_Aint a0, a5;
        MPI_Get_address(&arr[0], &a0);
        MPI_Get_address(&arr[5], &a5);
        if (rank == 0)
            printf("rank %d: aint: diff %ld add ok %d\n", rank, (long)MPI_Aint_diff(a5, a0), MPI_Aint_add(a0, 40) == a5);
    }

    MPI_Type_free(&pt);
    MPI_Type_free(&vt);
    MPI_Finalize();
    return 0;
}
