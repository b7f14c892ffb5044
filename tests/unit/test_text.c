/* test_text — making text fit to quote in a message (engine/base/text.c): text_printable
 * keeps valid UTF-8, escapes control characters and bytes that are not UTF-8 as \xNN,
 * truncates by characters, never past its buffer nor inside a character; text_is_printable
 * agrees with it; text_vformat escapes what it formats. The UTF-8 cases follow the Unicode
 * Standard's table 3-7 (well-formed byte sequences). */
#include <criterion/criterion.h>

#include <stdarg.h>
#include <string.h>

#include "engine/base/text.h"

static char buf[TEXT_PRINTABLE_LEN(64)];

static void expect(const char *s, size_t max, const char *want)
{
    const char *got = text_printable(buf, sizeof buf, s, max);
    cr_assert_eq(got, buf);
    cr_assert_str_eq(got, want, "text_printable(\"%s\", %zu)", s, max);
    if (!max) /* what it leaves as it is */
        cr_assert_eq(text_is_printable(s), !strcmp(s, want), "text_is_printable(\"%s\")", s);
}

Test(text, printable_keeps_utf8_and_escapes_the_rest)
{
    expect("", 0, "");
    expect("plain ASCII, with \\ and '", 0, "plain ASCII, with \\ and '");
    expect("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    /* C0 controls, DEL and the C1 controls U+0080..U+009F */
    expect("a\tb\nc\rd\x1b[31m\x7f", 0, "a\\x09b\\x0ac\\x0dd\\x1b[31m\\x7f");
    expect("\xc2\x85|\xc2\xa0", 0, "\\xc2\\x85|\xc2\xa0");
    /* not UTF-8: Latin-1, a lone continuation byte, a sequence cut short, overlong forms,
     * a surrogate, past U+10FFFF, bytes that never occur */
    expect("caf\xe9", 0, "caf\\xe9");
    expect("\x80x", 0, "\\x80x");
    expect("\xe2\x82", 0, "\\xe2\\x82");
    expect("\xe2\x82x", 0, "\\xe2\\x82x");
    expect("\xc0\xaf\xc1\xbf", 0, "\\xc0\\xaf\\xc1\\xbf");
    expect("\xe0\x80\xaf", 0, "\\xe0\\x80\\xaf");
    expect("\xf0\x80\x80\xaf", 0, "\\xf0\\x80\\x80\\xaf");
    expect("\xed\xa0\x80", 0, "\\xed\\xa0\\x80");
    expect("\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80");
    expect("\xf5\xfe\xff", 0, "\\xf5\\xfe\\xff");
    /* the ends of the ranges that are valid */
    expect("\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf", 0, "\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf");
}

Test(text, printable_is_its_own_fixed_point)
{
    const char *s = "a\x01\xff\xe2\x82\xac\\x41";
    char once[64], twice[64];
    text_printable(once, sizeof once, s, 0);
    text_printable(twice, sizeof twice, once, 0);
    cr_assert_str_eq(once, "a\\x01\\xff\xe2\x82\xac\\x41");
    cr_assert_str_eq(twice, once);
    cr_assert(text_is_printable(once));
}

Test(text, printable_truncates_by_characters)
{
    expect("abcdef", 6, "abcdef");
    expect("abcdefg", 6, "abcdef...");
    /* an escape and a 3-byte character count as one each */
    expect("\x01\xe2\x82\xac" "abcdef", 3, "\\x01\xe2\x82\xac" "a...");
    char e[] = "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac";
    expect(e, 2, "\xe2\x82\xac\xe2\x82\xac...");
}

Test(text, printable_fits_its_buffer)
{
    /* the worst case, every character 4 bytes out: TEXT_PRINTABLE_LEN holds max of them */
    char s[200], small[TEXT_PRINTABLE_LEN(8)];
    memset(s, '\xff', sizeof s - 1);
    s[sizeof s - 1] = '\0';
    text_printable(small, sizeof small, s, 8);
    cr_assert_eq(strlen(small), 4 * 8 + 3, "%s", small);
    cr_assert_eq(strcmp(small + 32, "..."), 0, "%s", small);
    /* a buffer too small for the text ends before the character that does not fit */
    char tiny[7];
    text_printable(tiny, sizeof tiny, "ab\xe2\x82\xac\xe2\x82\xac", 0);
    cr_assert_str_eq(tiny, "ab\xe2\x82\xac");
    text_printable(tiny, sizeof tiny, "ab\xff\xff", 0);
    cr_assert_str_eq(tiny, "ab\\xff");
    text_printable(tiny, 1, "abc", 0);
    cr_assert_str_eq(tiny, "");
}

static void vformat(char *out, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vformat(out, len, fmt, ap);
    va_end(ap);
}

Test(text, vformat_escapes_what_it_formats)
{
    char out[64];
    vformat(out, sizeof out, "%s:%d: got '%s'", "x\xe9.ini", 3, "2\x1b[2J0");
    cr_assert_str_eq(out, "x\\xe9.ini:3: got '2\\x1b[2J0'");
    vformat(out, 8, "%s", "abcdefghijkl");
    cr_assert_str_eq(out, "abcdefg");
}
