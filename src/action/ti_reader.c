/* Time-independent trace reading (see ti_reader.h): zlib reads plain and
 * gzip-compressed files alike into one buffer per file, lines are split in
 * place, and action names are found through a small hash table built once
 * (no strcmp chain: parsing a line costs one pass over its bytes). */
#include "ti_reader.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static const char *const names[TI_NACTIONS] = {
#define TI_NAME(id, name) [TI_##id] = name,
    TI_ACTIONS(TI_NAME)
#undef TI_NAME
};

#define HASH_SLOTS 256 /* a power of two, well above TI_NACTIONS */
/* on the heap: the replayer's globals are copied at each switch between ranks (privatize.c),
 * so each of its ranks builds its own table on first use */
static unsigned char *slots; /* action + 1, 0 empty */
_Static_assert(TI_NACTIONS < 255, "action numbers fit the table's bytes");

static unsigned hash(const char *s, size_t len)
{
  unsigned h = 2166136261u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static void build_table(void)
{
  slots = calloc(HASH_SLOTS, 1);
  if (!slots) {
    perror("ti_reader");
    exit(1);
  }
  for (int a = 0; a < TI_NACTIONS; a++) {
    unsigned i = hash(names[a], strlen(names[a])) & (HASH_SLOTS - 1);
    while (slots[i])
      i = (i + 1) & (HASH_SLOTS - 1);
    slots[i] = (unsigned char)(a + 1);
  }
}

int ti_action(const char *name, size_t len)
{
  if (!slots)
    build_table();
  for (unsigned i = hash(name, len) & (HASH_SLOTS - 1); slots[i]; i = (i + 1) & (HASH_SLOTS - 1)) {
    const char *n = names[slots[i] - 1];
    if (!strncmp(n, name, len) && !n[len])
      return slots[i] - 1;
  }
  return -1;
}

const char *ti_action_name(int a) { return a >= 0 && a < TI_NACTIONS ? names[a] : "?"; }

#define CHUNK (32 * 1024)

int ti_open(ti_reader_t *r, const char *path)
{
  memset(r, 0, sizeof *r);
  FILE *raw = fopen(path, "rb");
  if (!raw)
    return -1;
  unsigned char magic[2] = {0, 0};
  r->gzip = fread(magic, 1, 2, raw) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
  fclose(raw);
  gzFile f = gzopen(path, "rb");
  if (!f)
    return -1;
  gzbuffer(f, CHUNK);
  r->gz = f;
  r->cap = CHUNK;
  r->buf = malloc(r->cap + 1);
  r->tokcap = 64;
  r->tok = malloc(sizeof *r->tok * (size_t)r->tokcap);
  return 0;
}

void ti_close(ti_reader_t *r)
{
  if (r->gz)
    gzclose(r->gz);
  free(r->buf);
  free(r->tok);
  memset(r, 0, sizeof *r);
}

/* More bytes after buf[end]: moves what is left to the front, grows the buffer
 * when one line fills it; returns 0 at the end of the file. */
static int refill(ti_reader_t *r)
{
  if (r->eof)
    return 0;
  if (r->start > 0) {
    memmove(r->buf, r->buf + r->start, r->end - r->start);
    r->end -= r->start;
    r->start = 0;
  }
  if (r->end == r->cap) {
    r->cap *= 2;
    r->buf = realloc(r->buf, r->cap + 1);
  }
  int n = gzread(r->gz, r->buf + r->end, (unsigned)(r->cap - r->end));
  if (n <= 0) {
    int code;
    const char *msg = gzerror(r->gz, &code);
    if (code != Z_OK && code != Z_STREAM_END)
      snprintf(r->error, sizeof r->error, "corrupt gzip data (%s)", msg && *msg ? msg : "zlib error");
    else if (r->gzip && gzdirect(r->gz))
      snprintf(r->error, sizeof r->error, "corrupt gzip data (the header is damaged)");
    r->eof = 1;
    return 0;
  }
  r->end += (size_t)n;
  return 1;
}

int ti_next(ti_reader_t *r)
{
  for (;;) {
    char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
    while (!nl) {
      size_t seen = r->end - r->start;
      if (!refill(r)) {
        if (r->end == r->start || r->error[0]) /* at a corruption, the cut line is not a line */
          return r->ntok = 0;
        nl = r->buf + r->end; /* a last line without its newline */
        break;
      }
      nl = memchr(r->buf + r->start + seen, '\n', r->end - r->start - seen);
    }
    char *p = r->buf + r->start, *e = nl;
    r->start = (size_t)(nl - r->buf) + (nl < r->buf + r->end);
    *e = 0;
    r->lineno++;
    for (const char *c = p; c < e; c++)
      if ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r') {
        snprintf(r->error, sizeof r->error, "line %ld is not text (a binary file%s?)", r->lineno,
                 r->gzip ? ", or corrupt gzip data" : "");
        return r->ntok = 0;
      }
    int n = ti_split(r, p);
    if (n && r->tok[0][0] != '#')
      return r->ntok = n;
    if (n >= 2 && !strcmp(r->tok[0], "#") && !strcmp(r->tok[1], "stopped:")) {
      size_t len = 0;
      for (int i = 2; i < n && len + 2 < sizeof r->stopped; i++)
        len += (size_t)snprintf(r->stopped + len, sizeof r->stopped - len, "%s%s", i > 2 ? " " : "", r->tok[i]);
    }
  }
}

int ti_split(ti_reader_t *r, char *p)
{
  int n = 0;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
    if (!*p)
      break;
    if (n >= r->tokcap) {
      r->tokcap = r->tokcap ? 2 * r->tokcap : 64;
      r->tok = realloc(r->tok, sizeof *r->tok * (size_t)r->tokcap);
    }
    r->tok[n++] = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r')
      p++;
    if (!*p)
      break;
    *p++ = 0;
  }
  return r->ntok = n;
}

int ti_long(const char *s, long *out)
{
  int neg = *s == '-';
  s += neg;
  if (*s < '0' || *s > '9')
    return -1;
  unsigned long v = 0;
  for (; *s >= '0' && *s <= '9'; s++)
    v = v * 10 + (unsigned long)(*s - '0');
  if (*s)
    return -1;
  *out = neg ? -(long)v : (long)v;
  return 0;
}

int ti_real(const char *s, double *out)
{
  long l;
  if (!ti_long(s, &l)) { /* the common case: whole flops */
    *out = (double)l;
    return 0;
  }
  char *end;
  errno = 0;
  *out = strtod(s, &end);
  return end == s || *end ? -1 : 0;
}
