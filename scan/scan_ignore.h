/*
 * scan_ignore: the patterns of one .gitignore file, as git reads them.
 *
 * Blank lines and # comments are skipped; trailing spaces are dropped
 * unless escaped; \# and \! escape a leading # or !. A pattern that begins
 * with ! re-includes what an earlier pattern excluded. A trailing / makes
 * the pattern match directories only. A pattern with a / at its start or
 * in its middle is anchored: it matches the path relative to the
 * .gitignore's directory; any other pattern matches a name at any depth.
 * *, ? and [...] do not match /; ** matches across directories ("**" /
 * "foo", "foo/" "**", "a/" "**" "/b"). The last pattern that matches wins.
 * A file whose directory is excluded cannot be re-included, as in git: the
 * walk never enters an excluded directory.
 */
#ifndef CU2CL_SCAN_IGNORE_H
#define CU2CL_SCAN_IGNORE_H

typedef struct scan_ignore scan_ignore;

/* The patterns of text, for paths below base ("" for the walk's root, else
 * "dir/sub" without a trailing slash). Caller deletes. */
scan_ignore *scan_ignore_parse(const char *text, const char *base);
/* The patterns of the file at path; NULL when it cannot be read. */
scan_ignore *scan_ignore_load(const char *path, const char *base);
void scan_ignore_delete(scan_ignore *self);

/* For rel, a path relative to the walk's root ("src/a.cu"): 1 when the last
 * matching pattern excludes it, 0 when it re-includes it, -1 when no
 * pattern matches (or rel is not below the patterns' base). */
int scan_ignore_match(const scan_ignore *self, const char *rel, int is_dir);

/* Whether pattern glob matches all of s ('*' and '?' do not cross '/',
 * '**' does). Exposed for tests. */
int scan_glob_match(const char *glob, const char *s);

#endif
