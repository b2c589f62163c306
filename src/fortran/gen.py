#!/usr/bin/env python3
"""Writes simpi's Fortran bindings from the C prototypes in include/mpi.h.

The table is mpi.h itself: every SIMPI_DECL line is one MPI call. The rules
below turn each C parameter into its Fortran form (integer handles, statuses
of MPI_STATUS_SIZE integers, logicals, strings with hidden lengths, choice
buffers with MPI_BOTTOM and MPI_IN_PLACE); the calls whose Fortran form is not
the C one argument for argument are written by hand in special.c, and
SPECIAL below gives their Fortran signatures. Constants come from mpi.h too,
through the C preprocessor.

  gen.py "CC -E" INCLUDE_DIR OUT_DIR

writes OUT_DIR/bindings.c (one C function per call, Fortran-callable),
OUT_DIR/mpif.h (valid fixed and free form), OUT_DIR/mpi.f90 (module mpi) and
OUT_DIR/mpi_f08.f90 (module mpi_f08: the same C functions, as its handle and
status types hold exactly the integers of mpi's; large counts as overloads).
"""
import re
import shlex
import subprocess
import sys

HANDLES = {"MPI_Comm": "Comm", "MPI_Datatype": "Type", "MPI_Group": "Group", "MPI_Request": "Request",
           "MPI_Op": "Op", "MPI_Info": "Info", "MPI_Errhandler": "Errhandler", "MPI_Win": "Win",
           "MPI_Message": "Message", "MPI_Session": "Session", "MPI_File": "File"}
LOGICALS = {"flag", "commute", "reorder", "periods", "remain_dims", "high", "weighted"}
CHOICE = {"buf", "sendbuf", "recvbuf", "buffer", "inbuf", "outbuf", "inoutbuf", "origin_addr", "result_addr",
          "compare_addr", "base", "location"}
WEIGHTS = {"sourceweights", "destweights", "weights"}
# room for the strings the C calls write
STRING_OUT = {"Get_processor_name": "MPI_MAX_PROCESSOR_NAME", "Get_library_version": "MPI_MAX_LIBRARY_VERSION_STRING",
              "Error_string": "MPI_MAX_ERROR_STRING", "Comm_get_name": "MPI_MAX_OBJECT_NAME",
              "Type_get_name": "MPI_MAX_OBJECT_NAME", "Win_get_name": "MPI_MAX_OBJECT_NAME",
              "Info_get_nthkey": "MPI_MAX_INFO_KEY", "Info_get": "*valuelen", "Session_get_nth_pset": "*pset_len",
              "File_get_view": "MPI_MAX_DATAREP_STRING"}
# request indices: 0-based in C, 1-based in Fortran
INDEX_OUT = {("Waitany", "index"), ("Testany", "index"), ("Waitsome", "array_of_indices"),
             ("Testsome", "array_of_indices")}
# and an index given: 1-based in Fortran too (the MPI Forum's INDEX kind, as MPICH binds it)
INDEX_IN = {("Session_get_nth_pset", "n")}

# Fortran signatures of the calls written by hand in special.c: "name:kind" with
# the kinds of fortran_kind(); "=TYPE" makes a function of that Fortran type.
SPECIAL = {
    "Init": "",
    "Init_thread": "required:int provided:int",
    "Finalize": "",
    "Info_create_env": "info:handle",
    "Wtime": "=double precision",
    "Wtick": "=double precision",
    "Aint_add": "base:aint disp:aint =integer(kind=MPI_ADDRESS_KIND)",
    "Aint_diff": "addr1:aint addr2:aint =integer(kind=MPI_ADDRESS_KIND)",
    "Buffer_detach": "buffer_addr:choice size:int",
    "Buffer_detach_c": "buffer_addr:choice size:count",
    "Address": "location:choice address:int",
    "Type_hvector": "count:int blocklength:int stride:int oldtype:handle newtype:handle",
    "Type_hindexed": "count:int array_of_blocklengths:int[] array_of_displacements:int[] oldtype:handle newtype:handle",
    "Type_extent": "datatype:handle extent:int",
    "Type_lb": "datatype:handle displacement:int",
    "Type_ub": "datatype:handle displacement:int",
    "Type_struct": "count:int array_of_blocklengths:int[] array_of_displacements:int[] array_of_types:handle[] "
                   "newtype:handle",
    "Info_get_string": "info:handle key:char buflen:int value:char flag:logical",
    "Comm_create_keyval": "comm_copy_attr_fn:func comm_delete_attr_fn:func comm_keyval:int extra_state:aint",
    "Win_create_keyval": "win_copy_attr_fn:func win_delete_attr_fn:func win_keyval:int extra_state:aint",
    "Grequest_start": "query_fn:func free_fn:func cancel_fn:func extra_state:aint request:handle_out",
    "Type_create_keyval": "type_copy_attr_fn:func type_delete_attr_fn:func type_keyval:int extra_state:aint",
    "Type_set_attr": "datatype:handle type_keyval:int attribute_val:aint",
    "Type_get_attr": "datatype:handle type_keyval:int attribute_val:aint flag:logical",
    "Keyval_create": "copy_fn:func delete_fn:func keyval:int extra_state:int",
    "Comm_set_attr": "comm:handle comm_keyval:int attribute_val:aint",
    "Comm_get_attr": "comm:handle comm_keyval:int attribute_val:aint flag:logical",
    "Win_set_attr": "win:handle win_keyval:int attribute_val:aint",
    "Win_get_attr": "win:handle win_keyval:int attribute_val:aint flag:logical",
    "Attr_put": "comm:handle keyval:int attribute_val:int",
    "Attr_get": "comm:handle keyval:int attribute_val:int flag:logical",
    "Register_datarep": "datarep:char read_conversion_fn:func write_conversion_fn:func dtype_file_extent_fn:func "
                        "extra_state:aint",
    "Register_datarep_c": "datarep:char read_conversion_fn:func write_conversion_fn:func dtype_file_extent_fn:func "
                          "extra_state:aint",
}
# Fortran names of the predefined attribute callbacks (special.c)
CALLBACKS = ["MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", "MPI_COMM_DUP_FN", "MPI_WIN_NULL_COPY_FN",
             "MPI_WIN_NULL_DELETE_FN", "MPI_WIN_DUP_FN",
             "MPI_TYPE_NULL_COPY_FN", "MPI_TYPE_NULL_DELETE_FN", "MPI_TYPE_DUP_FN", "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", "MPI_DUP_FN"]
# the COMMON block /simpi_f/ (struct ft_sentinels in fortran.h): name, dimensions
SENTINELS = [("MPI_BOTTOM", ""), ("MPI_IN_PLACE", ""), ("MPI_STATUS_IGNORE", "(MPI_STATUS_SIZE)"),
             ("MPI_STATUSES_IGNORE", "(MPI_STATUS_SIZE,1)"), ("MPI_UNWEIGHTED", "(1)"),
             ("MPI_WEIGHTS_EMPTY", "(1)")]
# Fortran only: MPI_F_SYNC_REG(buf) (special.c), an opaque call after which the
# compiler must assume buf changed; it needs no ASYNCHRONOUS to be in sync with MPI
SYNC_REG = ["    subroutine MPI_F_sync_reg(buf)", "      !GCC$ ATTRIBUTES NO_ARG_CHECK :: buf",
            "      %s buf(*)", "    end subroutine MPI_F_sync_reg"]
# MPI_SIZEOF(x, size, ierror): one specific per intrinsic type and kind (the bytes of one
# x, any rank), written in sizeof.c as simpi_sizeof_<type><kind>_
SIZEOF = [("integer(kind=%d)" % k, "i%d" % k) for k in (1, 2, 4, 8, 16)] + \
         [("real(kind=%d)" % k, "r%d" % k) for k in (4, 8, 10, 16)] + \
         [("complex(kind=%d)" % k, "c%d" % k) for k in (4, 8, 10, 16)] + \
         [("logical(kind=%d)" % k, "l%d" % k) for k in (1, 2, 4, 8)] + [("character(len=*)", "ch")]
FLAGS = [("MPI_SUBARRAYS_SUPPORTED", ".FALSE."), ("MPI_ASYNC_PROTECTS_NONBLOCKING", ".FALSE.")]
# constants that are MPI_Offset values (integer(kind=MPI_OFFSET_KIND) in Fortran)
OFFSETS = {"MPI_DISPLACEMENT_CURRENT"}
# mpi_f08's choice buffers are TYPE(*), DIMENSION(..): sections reach the calls as they are (subarray.c)
F08_FLAGS = dict(FLAGS, MPI_SUBARRAYS_SUPPORTED=".TRUE.")
# Fortran-only named constants
EXTRA = [("MPI_STATUS_SIZE", "MPI_F_STATUS_SIZE"), ("MPI_SOURCE", "MPI_F_SOURCE+1"), ("MPI_TAG", "MPI_F_TAG+1"),
         ("MPI_ERROR", "MPI_F_ERROR+1"), ("MPI_ADDRESS_KIND", "sizeof(MPI_Aint)"),
         ("MPI_OFFSET_KIND", "sizeof(MPI_Offset)"), ("MPI_COUNT_KIND", "sizeof(MPI_Count)"),
         ("MPI_INTEGER_KIND", "sizeof(MPI_Fint)")]


def prototypes(incdir):
    """[(return type, name, [(C type, param name)])] of every SIMPI_DECL in mpi.h, mpi_rma.h and mpi_io.h."""
    text = "".join(open(incdir + "/" + h).read() for h in ("mpi.h", "mpi_rma.h", "mpi_io.h"))
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for ret, name, args in re.findall(r"^SIMPI_DECL\(\s*([\w ]+?)\s*,\s*(\w+)\s*,\s*\((.*?)\)\s*\)\s*$", text,
                                      flags=re.S | re.M):
        params = []
        args = " ".join(args.split())
        if args != "void":
            for a in args.split(","):
                m = re.match(r"(.*?)(\w+)((?:\[\w*\])*)$", a.strip())
                ctype = " ".join(m.group(1).split()) + " []" * m.group(3).count("[")
                params.append((ctype.replace("* *", "**").replace("* * *", "***"), m.group(2)))
        out.append((ret, name, params))
    return out


def constants(cpp, incdir):
    """{name: (int value, C handle type or None)} of the object-like MPI_ macros of mpi.h that are
    integers (the handle type from the macro's cast: MPI_COMM_WORLD is an MPI_Comm)."""
    cpp = shlex.split(cpp)
    names = subprocess.run(cpp + ["-dM", "-I" + incdir, "-include", "mpi.h", "-x", "c", "/dev/null"],
                           capture_output=True, text=True, check=True).stdout
    macros = sorted(set(re.findall(r"^#define (MPI_[A-Z0-9_]+) ", names, flags=re.M)))
    probe = "".join("SIMPIGEN_%s %s\n" % (n, n) for n in macros)  # one token, never expanded
    probe += "".join("SIMPIGEN_%s %s\n" % (n, v) for n, v in EXTRA)
    exp = subprocess.run(cpp + ["-P", "-I" + incdir, "-include", "mpi.h", "-x", "c", "-"], input=probe,
                         capture_output=True, text=True, check=True).stdout
    values = {}
    for name, expr in re.findall(r"^SIMPIGEN_(\w+) (.*)$", exp, flags=re.M):
        if "*" in expr or name.startswith("MPI_F_"):
            continue  # pointers (MPI_BOTTOM, MPI_STATUS_IGNORE ...) are variables in Fortran
        cast = re.match(r"\(*(MPI_[A-Za-z]+)\)", expr)
        handle = cast.group(1) if cast and cast.group(1) in HANDLES else None
        expr = re.sub(r"sizeof\((?:MPI_Aint|MPI_Offset|MPI_Count)\)", "8", expr).replace("sizeof(MPI_Fint)", "4")
        expr = re.sub(r"\((?:unsigned|int|long|MPI_\w+)\)", "", expr)  # casts
        try:
            v = eval(expr, {"__builtins__": {}})
        except Exception:
            continue  # function names (MPI_COMM_DUP_FN) and the like
        if isinstance(v, int) and -2**31 <= v < 2**31:
            values[name] = (v, handle)
    return values


def fortran_kind(fname, ctype, name):
    """The Fortran kind of one C parameter (what it is in Fortran, and how the binding converts it)."""
    base = ctype.replace("const ", "")
    if base in HANDLES:
        return "handle"
    if base in (h + " *" for h in HANDLES):
        return "handle_out"
    if base in (h + " []" for h in HANDLES):
        return "handle[]"
    if base == "MPI_Status *":
        if name == "array_of_statuses":
            return "statuses"
        return "status_in" if ctype.startswith("const") else "status"
    if base == "int":
        return "logical" if name in LOGICALS else "int"
    if base in ("MPI_Aint", "MPI_Count", "MPI_Offset"):
        return {"MPI_Aint": "aint", "MPI_Count": "count", "MPI_Offset": "offset"}[base]
    if base in ("int *", "int []"):
        if (fname, name) in INDEX_OUT:
            return "index[]" if base == "int []" else "index"
        if name in WEIGHTS:
            return "weights"
        return ("logical" if name in LOGICALS else "int") + ("[]" if base == "int []" else "")
    if base == "int [] []":
        return "ranges"
    if base in ("MPI_Aint *", "MPI_Aint []"):
        return "aint" if base == "MPI_Aint *" else "aint[]"
    if base in ("MPI_Count *", "MPI_Count []"):
        return "count" if base == "MPI_Count *" else "count[]"
    if base == "MPI_Offset *":
        return "offset"
    if base in ("char *", "char []"):
        return "char_out" if not ctype.startswith("const") else "char"
    if base == "void *":
        if name == "baseptr":
            return "baseptr"
        if name in CHOICE:
            return "choice"
    if base.endswith(("_function *", "_function_c *")):
        return "func"
    raise SystemExit("gen.py: no Fortran rule for %s %s of MPI_%s (add it, or write the call in special.c)" %
                     (ctype, name, fname))


# ---------------------------------------------------------------- C bindings

C_PARAM = {"handle": "const MPI_Fint *", "handle_out": "MPI_Fint *", "handle[]": "MPI_Fint *", "status": "MPI_Fint *",
           "status_in": "MPI_Fint *", "statuses": "MPI_Fint *", "int": "MPI_Fint *", "logical": "MPI_Fint *",
           "int[]": "MPI_Fint *", "logical[]": "MPI_Fint *", "index": "MPI_Fint *", "index[]": "MPI_Fint *",
           "weights": "MPI_Fint *", "ranges": "MPI_Fint *", "aint": "MPI_Aint *", "aint[]": "MPI_Aint *",
           "count": "MPI_Count *", "count[]": "MPI_Count *", "offset": "MPI_Offset *", "char": "const char *", "char_out": "char *",
           "choice": "void *", "baseptr": "void *", "func": "void *"}


# mpi_f08's choice buffers are gfortran descriptors (subarray.c): the calls that only take
# the buffer's address, and the nonblocking ones (the buffer is used after the call returns:
# a section gets a datatype of its own, not a copy)
ADDRESS_ONLY = {"Free_mem", "Get_address", "Win_create", "Win_attach", "Win_detach", "Buffer_attach",
                "Fetch_and_op", "Compare_and_swap"}
NONBLOCKING = re.compile(r"^(I[a-z].*|.*_init|R?(put|get|accumulate|get_accumulate)|Put|Get|Accumulate|Get_accumulate)$")


def own_pair(name, buf, params):
    """The (count, datatype) parameters of choice buffer buf when no other buffer of the call
    shares them (Isend's buf, Igather's sendbuf), else None."""
    names = {n: fortran_kind(name, ct, n) for ct, n in params}
    cnt, typ = own_pair_names(buf)
    if names.get(cnt) not in ("int", "count") or names.get(typ) != "handle":
        return None
    users = [n for n, k in names.items() if k == "choice" and own_pair_names(n) == (cnt, typ)]
    return (cnt, typ) if users == [buf] else None


def own_pair_names(buf):
    """The names a buffer's own count and datatype would have."""
    prefix = {"sendbuf": "send", "recvbuf": "recv", "origin_addr": "origin_", "result_addr": "result_",
              "inbuf": "in"}.get(buf)
    if prefix is None:
        return "count", "datatype"
    return prefix + "count", prefix + ("datatype" if prefix.endswith("_") else "type")


def c_binding(ret, name, params, desc=False):
    """The C source of the Fortran-callable binding of MPI_name; with desc, mpi_f08's
    MPI_name_f08ts, whose choice buffers come as gfortran descriptors (subarray.c)."""
    kinds = [(ct, n, fortran_kind(name, ct, n)) for ct, n in params]
    base = name[:-2] if name.endswith("_c") and not name.endswith("_f2c") else name
    subs, override = [], {}  # choice buffers given as descriptors; C arguments that replace a parameter's
    for ct, n, k in [x for x in kinds if x[2] == "choice"] if desc else []:
        pair = own_pair(name, n, params) if NONBLOCKING.match(base) else None
        if base in ADDRESS_ONLY:
            subs.append("ft_sub_address(%s, &s_%s, &cx)" % (n, n))
        elif not NONBLOCKING.match(base):
            subs.append("ft_sub_copy(%s, &s_%s, &cx)" % (n, n))
        elif pair:
            cnt, typ = pair
            cty = "MPI_Count" if dict((p, c) for c, p in params)[cnt].startswith("MPI_Count") else "int"
            subs.append("ft_sub_typed(%s, &t_%s, &h_%s, &s_%s, &cx)" % (n, cnt, typ, n))
            override[cnt] = "(%s)t_%s" % (cty, cnt)
            override[typ] = "h_" + typ
        else:
            subs.append("ft_sub_whole(%s, &s_%s, &cx)" % (n, n))
    decl = ["%s%s" % ("const ft_desc_t *" if desc and k == "choice" else C_PARAM[k], n) for ct, n, k in kinds]
    decl += ["MPI_Fint *ierror"]
    decl += ["size_t %s_len" % n for ct, n, k in kinds if k in ("char", "char_out")]
    pre, args, post, free = [], [], [], []
    counts = [n for ct, n, k in kinds if n in ("count", "incount")]
    for ct, n, k in kinds:
        base = ct.replace("const ", "")
        if n in override:
            args.append(override[n])
        elif k == "handle":
            args.append("PMPI_%s_f2c(*%s)" % (HANDLES[base], n))
        elif k == "handle_out":
            h = HANDLES[base[:-2]]
            pre.append("%s c_%s = PMPI_%s_f2c(*%s);" % (base[:-2], n, h, n))
            args.append("&c_" + n)
            post.append("*%s = PMPI_%s_c2f(c_%s);" % (n, h, n))
        elif k == "handle[]":  # handles are their Fortran values (src/mpi/c2f.c)
            args.append("(%s)%s" % (ct.replace(" []", " *"), n))
        elif k in ("status", "status_in"):
            pre.append("MPI_Status c_%s;" % n)
            args.append("ft_status_in(%s, &c_%s)" % (n, n))
            if k == "status":
                post.append("ft_status_out(%s, &c_%s);" % (n, n))
        elif k == "statuses":
            pre.append("ft_statuses_t c_%s;" % n)
            args.append("ft_statuses_in(%s, *%s, &c_%s)" % (n, counts[0], n))
            post.append("ft_statuses_out(%s, *%s, &c_%s);" % (n, counts[0], n))
        elif k in ("int", "logical", "aint", "count", "offset"):
            args.append(n if "*" in base else "*" + n + (" - 1" if (name, n) in INDEX_IN else ""))
        elif k == "index":
            args.append(n)
            post.append("if (rc == MPI_SUCCESS && *%s >= 0)\n    (*%s)++;" % (n, n))
        elif k == "index[]":
            args.append(n)
            post.append("if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *outcount != MPI_UNDEFINED)\n"
                        "    for (int i = 0; i < *outcount; i++)\n      %s[i]++;" % n)
        elif k == "weights":
            args.append("ft_weights(%s)" % n)
        elif k == "ranges":
            args.append("(int (*)[3])" + n)
        elif k in ("int[]", "logical[]", "aint[]", "count[]"):
            args.append(n)
        elif k == "char":  # info keys and values lose their leading blanks too (MPI 4.0, 10.1)
            pre.append("char *c_%s = %s(%s, %s_len);" % (n, "ft_str_trim" if name.startswith("Info_") else "ft_str_in",
                                                          n, n))
            args.append("c_" + n)
            free.append("free(c_%s);" % n)
        elif k == "char_out":
            size = STRING_OUT[name]
            pre.append("char *c_%s = ft_str_room(%s);" % (n, size))
            args.append("c_" + n)
            found = " && *flag" if "flag" in [p for c_, p in params] else ""  # else left as it was
            post.append("if (rc == MPI_SUCCESS%s)\n    ft_str_out(%s, %s_len, c_%s);" % (found, n, n, n))
            free.append("free(c_%s);" % n)
        elif k == "choice" and desc:
            args.append("s_%s.buf" % n)
        elif k == "choice":
            args.append("ft_buf(%s)" % n)
        elif k == "func":
            args.append("(%s)%s" % (ct, n))
        elif k == "baseptr":  # where C writes the address: an integer of MPI_ADDRESS_KIND or a c_ptr
            args.append(n)
    fname = name.lower() + ("_f08ts" if desc else "")
    lines = ["FT_API void pmpi_%s_(%s)" % (fname, ", ".join(decl)), "{"]
    lines += ["  " + s for s in pre]
    if not subs:
        lines.append("  int rc;")
        lines.append("  FT_CALL(rc = PMPI_%s(%s));" % (name, ", ".join(args)))
    else:  # the buffers first: a section a nonblocking call cannot take is an error of the call
        lines.append("  ft_sub_t %s;" % ", ".join("s_%s = {0}" % n for ct, n, k in kinds if k == "choice"))
        for n, e in override.items():
            if e.startswith("h_"):
                lines.append("  MPI_Datatype h_%s = PMPI_Type_f2c(*%s);" % (n, n))
            else:
                lines.append("  MPI_Count t_%s = *%s;" % (n, n))
        comm = "PMPI_Comm_f2c(*comm)" if "comm" in [n for ct, n, k in kinds] else "MPI_COMM_WORLD"
        lines.append("  ft_call_t cx = {\"MPI_%s\", %s, __builtin_return_address(0), NULL};" % (name, comm))
        lines.append("  int rc = MPI_SUCCESS;")
        lines += ["  if (rc == MPI_SUCCESS)\n    rc = %s;" % x for x in subs]
        lines.append("  if (rc == MPI_SUCCESS)")
        lines.append("    FT_CALL(rc = PMPI_%s(%s));" % (name, ", ".join(args)))
        post = ["ft_sub_end(&s_%s);" % n for ct, n, k in kinds if k == "choice"] + ["ft_call_end(&cx);"] + post
    lines += ["  " + s for s in post + free]
    lines += ["  ft_ierror(ierror, rc);", "}", "FT_ALIAS%s(%s)" % ("_TS" if desc else "", name.lower()), ""]
    return "\n".join(lines)


# ---------------------------------------------------------------- Fortran

F_TYPE = {"handle": "integer", "handle_out": "integer", "handle[]": "integer", "int": "integer",
          "int[]": "integer", "index": "integer", "index[]": "integer", "weights": "integer",
          "logical": "logical", "logical[]": "logical", "aint": "integer(kind=MPI_ADDRESS_KIND)",
          "aint[]": "integer(kind=MPI_ADDRESS_KIND)", "count": "integer(kind=MPI_COUNT_KIND)",
          "count[]": "integer(kind=MPI_COUNT_KIND)", "offset": "integer(kind=MPI_OFFSET_KIND)", "status": "integer", "status_in": "integer",
          "statuses": "integer", "ranges": "integer", "char": "character(len=*)", "char_out": "character(len=*)",
          "choice": "integer", "func": "external"}
F_DIMS = {"handle[]": "(*)", "int[]": "(*)", "index[]": "(*)", "weights": "(*)", "logical[]": "(*)", "aint[]": "(*)",
          "count[]": "(*)",
          "status": "(MPI_STATUS_SIZE)", "status_in": "(MPI_STATUS_SIZE)", "statuses": "(MPI_STATUS_SIZE,*)",
          "ranges": "(3,*)", "choice": "(*)"}
# mpi_f08: handles and statuses are types holding the same integers (passed by reference
# alike); choice buffers are assumed-type; ierror is optional (the C bindings accept NULL)
F08_TYPE = dict(F_TYPE, status="type(MPI_Status)", status_in="type(MPI_Status)", statuses="type(MPI_Status)",
                choice="type(*)")
F08_DIMS = dict(F_DIMS, status="", status_in="", statuses="(*)", choice="(..)")
# the handle type of the handles of SPECIAL's calls
HANDLE_OF = {"comm": "MPI_Comm", "win": "MPI_Win", "datatype": "MPI_Datatype", "request": "MPI_Request", "info": "MPI_Info", "oldtype": "MPI_Datatype",
             "newtype": "MPI_Datatype", "array_of_types": "MPI_Datatype"}
# MPI-1 calls that mpi_f08 does not have (removed or deprecated before it came)
NOT_IN_F08 = {"Address", "Type_hvector", "Type_hindexed", "Type_struct", "Errhandler_create", "Errhandler_set",
              "Errhandler_get", "Keyval_create", "Keyval_free", "Attr_put", "Attr_get", "Attr_delete",
              "Type_extent", "Type_lb", "Type_ub"}


def fortran_signature(name, params):
    """([(param, kind, handle type)], result type or None) of MPI_name in Fortran."""
    if name in SPECIAL:
        spec, _, result = SPECIAL[name].partition("=")
        sig = [tuple(p.split(":")) for p in spec.split()]
        return [(n, k, HANDLE_OF.get(n)) for n, k in sig], result or None
    return [(n, fortran_kind(name, ct, n), ct.replace("const ", "").split()[0]) for ct, n in params], None


def interface(name, params, result, f08=False, fname=None):
    """A Fortran interface body for MPI_name (a procedure named fname), or None where any
    actual must pass (baseptr)."""
    if any(k == "baseptr" for n, k, h in params):
        return None  # integer(kind=MPI_ADDRESS_KIND) or type(c_ptr): left to the caller
    fname = fname or "MPI_" + name
    names = [n for n, k, h in params] + ([] if result else ["ierror"])
    head = "%s %s(%s)" % ("function" if result else "subroutine", fname, ", ".join(names))
    out = ["    " + l for l in wrap(head, 66)]
    out.append("      import")
    for n, k, h in params:
        if k == "choice" and not f08:
            out.append("      !GCC$ ATTRIBUTES NO_ARG_CHECK :: " + n)
        ftype = F08_TYPE[k] if f08 else F_TYPE[k]
        if f08 and k.startswith("handle"):
            ftype = "type(%s)" % h
        out.append("      %s %s%s" % (ftype, n, (F08_DIMS if f08 else F_DIMS).get(k, "")))
    if result:
        out.append("      %s %s" % (result, fname))
    else:
        out.append("      integer%s ierror" % (", optional ::" if f08 else ""))
    out.append("    end %s" % ("function" if result else "subroutine"))
    return "\n".join(out)


def wrap(line, width):
    """Splits a free-form line with & continuations."""
    out = []
    while len(line) > width and ", " in line[7:]:
        cut = line.rfind(", ", 0, width) + 1
        if cut <= 6:  # a long name: the first comma after it
            cut = line.find(", ", 7) + 1
        out.append(line[:cut] + " &")
        line = "      " + line[cut:].lstrip()
    return out + [line]


def fortran_constants(values, style):
    """The named constants: fixed-and-free-form lines (mpif.h), module declarations (mpi), or
    typed ones (mpi_f08: MPI_COMM_WORLD is a type(MPI_Comm))."""
    out = []
    for n, v in (F08_FLAGS.items() if style == "f08" else FLAGS):
        if style == "mpif.h":
            out += ["      LOGICAL %s" % n, "      PARAMETER (%s=%s)" % (n, v)]
        else:
            out.append("  logical, parameter :: %s = %s" % (n, v.lower()))
    for n in sorted(values):
        v, handle = values[n]
        if n in OFFSETS:  # an MPI_Offset in C: integer(kind=MPI_OFFSET_KIND), 8 bytes
            out += ["      INTEGER*8 %s" % n, "      PARAMETER (%s=%d)" % (n, v)] if style == "mpif.h" else \
                ["  integer(kind=8), parameter :: %s = %d" % (n, v)]
        elif style == "mpif.h":
            out += ["      INTEGER %s" % n, "      PARAMETER (%s=%d)" % (n, v)]
        elif style == "f08" and handle:
            out.append("  type(%s), parameter :: %s = %s(%d)" % (handle, n, handle, v))
        else:
            out.append("  integer, parameter :: %s = %d" % (n, v))
    return out


def sentinel_lines(indent, f08=False):
    """The variables whose addresses stand for MPI_BOTTOM, MPI_STATUS_IGNORE ... (several COMMON
    statements of one block add to it in order: short lines). mpi_f08's statuses are types."""
    members = [n for n, d in SENTINELS]
    decl = []
    for n, d in SENTINELS:
        if f08 and "STATUS" in n:
            decl.append("%stype(MPI_Status) %s%s" % (indent, n, "(1)" if "STATUSES" in n else ""))
        else:
            decl.append("%sINTEGER %s%s" % (indent, n, d))
    return decl + ["%sCOMMON /SIMPI_F/ %s" % (indent, ", ".join(members[i:i + 2])) for i in range(0, len(members), 2)]


def module_extras(f08):
    """What both modules add to their interfaces: PMPI_WTIME and PMPI_WTICK (mpif.h
    declares them too), and the generic MPI_SIZEOF."""
    out = ["  interface"]
    for fn in ("PMPI_Wtime", "PMPI_Wtick"):
        out += ["    function %s()" % fn, "      double precision %s" % fn, "    end function %s" % fn]
    out.append("  end interface")
    out.append("  interface MPI_Sizeof")
    for ftype, tag in SIZEOF:
        out += ["    subroutine simpi_sizeof_%s(x, size, ierror)" % tag, "      %s, dimension(..) :: x" % ftype,
                "      integer size", "      integer%s ierror" % (", optional ::" if f08 else ""),
                "    end subroutine simpi_sizeof_%s" % tag]
    out.append("  end interface")
    return out


def errhandler_interfaces():
    """mpi_f08's abstract interfaces of the error handler functions (MPI 4.0, 19.3.5), for a
    program's procedure(MPI_File_errhandler_function) declarations."""
    m = ["  abstract interface"]
    for obj in ("Comm", "Win", "File", "Session"):
        f = "MPI_%s_errhandler_function" % obj
        m += ["    subroutine %s(%s, error_code)" % (f, obj.lower()), "      import MPI_%s" % obj,
              "      type(MPI_%s) :: %s" % (obj, obj.lower()), "      integer :: error_code",
              "    end subroutine %s" % f]
    return m + ["  end interface"]


def f08_module(protos, values):
    """module mpi_f08: types, typed constants, == and /= on handles, and an interface for every
    call, the large-count form of a call as an overload of its name where the kinds tell them apart."""
    m = ["! The mpi_f08 module (use mpi_f08), generated by src/fortran/gen.py from mpi.h.",
         "module mpi_f08", "  implicit none", "  public"]
    for h in HANDLES:
        m += ["  type, bind(C) :: %s" % h, "    integer :: MPI_VAL", "  end type %s" % h]
    m += ["  type, bind(C) :: MPI_Status", "    integer :: MPI_SOURCE, MPI_TAG, MPI_ERROR",
          "    integer :: simpi_private(MPI_F_STATUS_SIZE - 3)".replace("MPI_F_STATUS_SIZE", "6"),
          "  end type MPI_Status"]
    m += fortran_constants(values, "f08")
    m += sentinel_lines("  ", f08=True)
    m.append("  external %s" % ", ".join(CALLBACKS[:3]))
    m.append("  external %s" % ", ".join(CALLBACKS[3:6]))
    m.append("  external %s" % ", ".join(CALLBACKS[6:9]))
    for op, fn in (("==", "eq"), ("/=", "ne")):
        m.append("  interface operator(%s)" % op)
        for h in HANDLES:
            f = "simpi_f08_%s_%s" % (fn, HANDLES[h].lower())
            m += ["    elemental logical function %s(a, b)" % f, "      import %s" % h,
                  "      type(%s), intent(in) :: a, b" % h, "    end function %s" % f]
        m.append("  end interface")
    m += ["  interface"] + [l.replace("%s", "type(*)") for l in SYNC_REG] + ["  end interface"]
    m += errhandler_interfaces()
    m += module_extras(True)
    byname = {name: (ret, params) for ret, name, params in protos}
    for ret, name, params in f08_calls(protos):
        sig, result = fortran_signature(name, params)
        large = byname.get(name + "_c")
        lsig = fortran_signature(name + "_c", large[1])[0] if large else None
        # what tells two specifics apart: types and kinds (all three kind names are 8 here)
        kinds = lambda sg: [(re.sub(r"MPI_\w+_KIND", "8", F08_TYPE[k]) if not k.startswith("handle") else h,
                             F08_DIMS.get(k)) for n, k, h in sg if k != "choice"]
        for pre in ("MPI_", "PMPI_"):  # the generic, and its profiling name
            body = interface(name, sig, result, True, pre + name + f08_suffix(sig))
            lbody = lsig and interface(name + "_c", lsig, None, True, pre + name + "_c" + f08_suffix(lsig))
            if lsig and kinds(lsig) != kinds(sig):
                m += ["  interface " + pre + name, body, lbody, "  end interface"]
            else:
                m += ["  interface " + pre + name, body, "  end interface"]
                if lsig:  # the same kinds (MPI_Count is MPI_Aint's size): only by its own name
                    m += ["  interface " + pre + name + "_c", lbody, "  end interface"]
    m.append("end module mpi_f08")
    return m


def f08_calls(protos):
    """The calls mpi_f08 declares (its large-count ones with them)."""
    byname = {name for ret, name, params in protos}
    for ret, name, params in protos:
        if name in NOT_IN_F08 or name.endswith("_c") and name[:-2] in byname:
            continue
        sig, result = fortran_signature(name, params)
        if interface(name, sig, result, True):
            yield ret, name, params


def f08_suffix(sig):
    """The MPI standard's specific names in mpi_f08: MPI_Send_f08ts (a choice buffer, TYPE(*),
    DIMENSION(..)), MPI_Comm_rank_f08; the linker names gfortran gives them are the C bindings'
    (pmpi_send_f08ts_, with mpi_send_f08ts_ weak), so a profiling layer may replace them."""
    return "_f08ts" if any(k == "choice" for n, k, h in sig) else "_f08"


def main():
    cpp, incdir, outdir = sys.argv[1:4]
    # C and Fortran statuses are converted in C
    protos = [p for p in prototypes(incdir) if p[1] not in ("Status_c2f", "Status_f2c")]
    # large counts are mpi_f08's only
    classic = [p for p in protos if not p[1].endswith("_c")]
    values = constants(cpp, incdir)
    lower = {}
    for n in values:
        assert n.upper() not in lower, "Fortran names are case-blind: %s and %s" % (n, lower[n.upper()])
        lower[n.upper()] = n

    # bindings.c
    c = ["/* Generated by src/fortran/gen.py from include/mpi.h: do not edit. One Fortran-callable",
         " * binding per MPI call; special.c holds the calls of gen.py's SPECIAL table. */",
         '#include "fortran.h"', "",
         "_Static_assert(sizeof(struct ft_sentinels) == (%s) * sizeof(MPI_Fint), \"COMMON /SIMPI_F/\");" %
         " + ".join({"": "1", "(MPI_STATUS_SIZE)": "MPI_F_STATUS_SIZE", "(MPI_STATUS_SIZE,1)": "MPI_F_STATUS_SIZE",
                     "(1)": "1"}[d] for n, d in SENTINELS), ""]
    nbound = 0
    for ret, name, params in protos:
        if name in SPECIAL:
            continue
        if ret != "int":
            raise SystemExit("gen.py: MPI_%s returns %s: write it in special.c" % (name, ret))
        c.append(c_binding(ret, name, params))
        nbound += 1
    c.append("/* mpi_f08's specific names: MPI_Send_f08ts takes descriptors, MPI_Comm_rank_f08 is MPI_Comm_rank's */")
    for ret, name, params in f08_calls(protos):
        for nm, ps in [(name, params)] + [(p[1], p[2]) for p in protos if p[1] == name + "_c"]:
            if nm in SPECIAL:
                continue  # special.c names them (FT_ALIAS_F08, FT_ALIAS_F08TS)
            if f08_suffix(fortran_signature(nm, ps)[0]) == "_f08ts":
                c.append(c_binding(ret, nm, ps, desc=True))
            else:
                c.append("FT_ALIAS_F08(%s)" % nm.lower())
    c.append("")
    c.append("/* mpi_f08's == and /= on handles (its handle types hold the integer) */")
    for kind in HANDLES.values():
        for fn, op in (("eq", "=="), ("ne", "!=")):
            c.append("FT_API MPI_Fint simpi_f08_%s_%s_(const MPI_Fint *a, const MPI_Fint *b) { return *a %s *b; }" %
                     (fn, kind.lower(), op))
    c.append("")
    c.append("/* %d calls bound here, %d in special.c */" % (nbound, sum(1 for p in protos if p[1] in SPECIAL)))
    open(outdir + "/bindings.c", "w").write("\n".join(c) + "\n")

    # mpif.h
    h = ["! mpif.h: simpi's MPI for Fortran (fixed or free form), generated by",
         "! src/fortran/gen.py from mpi.h. Handles are integers; statuses are",
         "! INTEGER arrays of MPI_STATUS_SIZE."]
    h += fortran_constants(values, "mpif.h")
    h += sentinel_lines("      ")
    h += ["      EXTERNAL MPI_WTIME, MPI_WTICK, PMPI_WTIME, PMPI_WTICK",
          "      DOUBLE PRECISION MPI_WTIME, MPI_WTICK, PMPI_WTIME, PMPI_WTICK",
          ]  # MPI_AINT_ADD and MPI_AINT_DIFF: programs declare them, as for MPICH's mpif.h
    h += ["      EXTERNAL %s" % cb for cb in CALLBACKS]
    h += ["      EXTERNAL MPI_F_SYNC_REG"]
    h += ["      EXTERNAL SMPI_EXECUTE_FLOPS, SMPI_EXECUTE_FLOPS_BENCHED",
          "      EXTERNAL SMPI_EXECUTE, SMPI_EXECUTE_BENCHED"]
    for l in h:
        assert len(l) <= 72, "mpif.h line longer than 72 columns: " + l
    open(outdir + "/mpif.h", "w").write("\n".join(h) + "\n")

    # module mpi
    m = ["! The mpi module (use mpi), generated by src/fortran/gen.py from mpi.h:",
         "! the constants of mpif.h and an explicit interface for every call without a",
         "! choice buffer. Those with one are called as external procedures, as MPICH's",
         "! module does: programs pass an array of one element for a scalar there, a",
         "! scalar 0 for unused counts, and profiling layers define MPI_SEND themselves.",
         "module mpi", "  implicit none", "  public"]
    m += fortran_constants(values, "module")
    m += sentinel_lines("  ")
    m += ["  external %s" % ", ".join(CALLBACKS[i:i + 4]) for i in range(0, len(CALLBACKS), 4)]
    m.append("  interface")
    m += [l.replace("%s", "integer") for l in SYNC_REG]
    for ret, name, params in classic:
        sig, result = fortran_signature(name, params)
        if any(k == "choice" for n, k, h in sig):
            continue  # as in MPICH's module (see below)
        body = interface(name, sig, result)
        if body:
            m.append(body)
    m.append("  end interface")
    m += module_extras(False)
    m.append("end module mpi")
    open(outdir + "/mpi.f90", "w").write("\n".join(m) + "\n")
    open(outdir + "/mpi_f08.f90", "w").write("\n".join(f08_module(protos, values)) + "\n")


if __name__ == "__main__":
    main()
