/*
 * test-json-print.c — lib/json-print.h prints what cJSON_PrintUnformatted()
 * prints, byte for byte: numbers of every kind (integers of every size
 * and sign, -0, fractions, huge ones, NaN), strings with every escape,
 * nesting, empty arrays and objects, raw members, NULL keys and strings,
 * and a real JSON document (the sample card data) read and printed again.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/tap.h"

/* Both printers on j: the same bytes (or both NULL)? */
static int
same(const cJSON *j, const char *what)
{
	char *a = cJSON_PrintUnformatted(j), *b;
	size_t len = 0;
	int r;

	b = json_print(j, &len);
	r = (a == NULL && b == NULL) || (a != NULL && b != NULL && strlen(a) == len &&
	    strcmp(a, b) == 0);
	if (!r)
		diag("%s: cJSON \"%s\", json_print \"%s\"", what, a ? a : "(null)",
		    b ? b : "(null)");
	cJSON_free(a);
	free(b);
	return r;
}

/*
 * The same document made twice: a cJSON tree printed by cJSON, and
 * json_w_* calls; nested objects and arrays, keys and strings that need
 * escaping, NULL strings (left out), numbers of every kind.
 */
static int
writer_same(unsigned seed)
{
	static const double nums[] = { 0, -1, 7, 123456789, -2147483648.0, 1e15,
	    0.5, 1e300, 18446744073709551615.0 };
	static const char *const strs[] = { "a", "", "tab\there", "quote\"", "\x01",
	    "caf\xc3\xa9", NULL };
	cJSON *root = cJSON_CreateObject(), *stack[8], *o;
	struct strbuf sb = STRBUF_INIT;
	char *a, key[16], brace[8];
	int depth = 1, i, r, isobj[8];

	stack[0] = root;
	isobj[0] = 1;
	brace[0] = '}';
	json_w_open(&sb, NULL, '{');
	for (i = 0; i < 60; i++) {
		unsigned x = (seed = seed * 1103515245u + 12345u) >> 16;
		const char *k = isobj[depth - 1] ? key : NULL;

		snprintf(key, sizeof key, "%s%u", x % 7 == 0 ? "k\"" : "k", x % 13);
		switch (x % 6) {
		case 0: case 1:
			o = cJSON_CreateNumber(nums[x / 6 % 9]);
			json_w_num(&sb, k, nums[x / 6 % 9]);
			break;
		case 2:
			o = cJSON_CreateString(strs[x / 6 % 7]);
			json_w_str(&sb, k, strs[x / 6 % 7]);
			break;
		case 3:
			o = cJSON_CreateTrue();
			json_w_true(&sb, k);
			break;
		case 4:
			if (depth < 8) {
				o = x / 6 % 2 ? cJSON_CreateObject() : cJSON_CreateArray();
				json_w_open(&sb, k, x / 6 % 2 ? '{' : '[');
				break;
			}
			/* FALLTHROUGH */
		default:
			o = NULL;
			if (depth > 1)
				json_w_close(&sb, brace[--depth]);
			break;
		}
		if (o == NULL)
			continue;
		if (k != NULL)
			cJSON_AddItemToObject(stack[depth - 1], k, o);
		else
			cJSON_AddItemToArray(stack[depth - 1], o);
		if (cJSON_IsObject(o) || cJSON_IsArray(o)) {
			isobj[depth] = cJSON_IsObject(o);
			brace[depth] = cJSON_IsObject(o) ? '}' : ']';
			stack[depth++] = o;
		}
	}
	while (depth > 0)
		json_w_close(&sb, brace[--depth]);
	a = cJSON_PrintUnformatted(root);
	r = a != NULL && strcmp(a, strbuf_str(&sb)) == 0;
	if (!r)
		diag("seed %u: cJSON %s\njson_w  %s", seed, a, strbuf_str(&sb));
	cJSON_free(a);
	cJSON_Delete(root);
	strbuf_free(&sb);
	return r;
}

int
main(int argc, char **argv)
{
	static const double nums[] = { 0, 1, -1, 9, 10, -10, 99, 100, 12345, -2147483648.0,
	    2147483647.0, 2147483648.0, 4294967296.0, 1e14, 999999999999999.0,
	    -999999999999999.0, 1e15, -1e15, 1e16, 123456789012345678.0,
	    9007199254740993.0, 1e300, 0.5, -0.25, 0.1, 1.0 / 3, 3.14159, 1e-7, 2.5e-300 };
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	cJSON *j, *o, *a;
	char s[4], *path, *text;
	size_t i, n;
	FILE *f;
	long size;
	int bad = 0;

	(void)argc;
	(void)argv;
	for (i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		j = cJSON_CreateNumber(nums[i]);
		bad += !same(j, "a number");
		cJSON_Delete(j);
		j = cJSON_CreateNumber(-nums[i]);
		bad += !same(j, "a negated number");
		cJSON_Delete(j);
	}
	ok(bad == 0, "%zu numbers and their negations (-0 among them) print the same",
	    sizeof nums / sizeof nums[0]);
	bad = 0;
	for (i = 0; i < 2000000; i += 997) {
		j = cJSON_CreateNumber((double)i * (i % 2 ? -1 : 1) * (i % 5 ? 1 : 1000003));
		bad += !same(j, "an integer");
		cJSON_Delete(j);
	}
	j = cJSON_CreateNumber(NAN);
	bad += !same(j, "NaN");
	cJSON_Delete(j);
	j = cJSON_CreateNumber(INFINITY);
	bad += !same(j, "infinity");
	cJSON_Delete(j);
	ok(bad == 0, "integers up to 2e12 of both signs, NaN and infinity print the same");

	bad = 0;
	for (i = 1; i < 256; i++) {	/* every byte, alone and between letters */
		s[0] = (char)i;
		s[1] = '\0';
		j = cJSON_CreateString(s);
		bad += !same(j, "a one-byte string");
		cJSON_Delete(j);
		s[0] = 'a';
		s[1] = (char)i;
		s[2] = 'b';
		s[3] = '\0';
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, s, s);
		bad += !same(o, "a key and a string");
		cJSON_Delete(o);
	}
	j = cJSON_CreateString("");
	bad += !same(j, "the empty string");
	cJSON_Delete(j);
	j = cJSON_CreateString("x");
	free(j->valuestring);
	j->valuestring = NULL;
	bad += !same(j, "a NULL string");
	cJSON_Delete(j);
	ok(bad == 0, "every byte in strings and keys is escaped the same");

	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "empty array", cJSON_CreateArray());
	cJSON_AddItemToObject(o, "empty object", cJSON_CreateObject());
	cJSON_AddTrueToObject(o, "t");
	cJSON_AddFalseToObject(o, "f");
	cJSON_AddNullToObject(o, "n");
	cJSON_AddRawToObject(o, "raw", "[1, 2 ,3]");
	a = cJSON_AddArrayToObject(o, "nested");
	cJSON_AddItemToArray(a, cJSON_CreateIntArray((const int[]){ 1, -2, 3 }, 3));
	cJSON_AddItemToArray(a, cJSON_CreateObject());
	cJSON_AddItemToArray(cJSON_GetArrayItem(a, 1), cJSON_CreateNumber(0.75));
	cJSON_GetArrayItem(a, 1)->child->string = NULL;	/* a member without a key */
	cJSON_AddItemToArray(a, cJSON_CreateString("tab\there"));
	ok(same(o, "a nested document"), "nesting, empty containers, literals, raw, a "
	    "member without a key print the same");
	cJSON_GetArrayItem(a, 1)->child->string = NULL;
	cJSON_Delete(o);
	j = cJSON_CreateRaw("x");
	free(j->valuestring);
	j->valuestring = NULL;
	ok(same(j, "a raw item without text") && json_print(j, NULL) == NULL,
	    "a raw item without text fails in both");
	cJSON_Delete(j);
	j = cJSON_CreateNull();
	j->type = cJSON_Invalid;
	o = cJSON_CreateArray();
	cJSON_AddItemToArray(o, j);
	ok(same(o, "an invalid item") && json_print(o, NULL) == NULL,
	    "an invalid item fails in both");
	cJSON_Delete(o);

	bad = 0;
	for (i = 0; i < 500; i++)
		bad += !writer_same((unsigned)i);
	ok(bad == 0, "500 documents written with json_w_* are what cJSON prints for "
	    "their trees");

	path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	text = NULL;
	n = 0;
	if ((f = fopen(path, "rb")) != NULL && fseek(f, 0, SEEK_END) == 0 &&
	    (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		text = xmalloc((size_t)size + 1);
		n = fread(text, 1, (size_t)size, f);
		text[n] = '\0';
	}
	if (f != NULL)
		fclose(f);
	j = text != NULL ? cJSON_Parse(text) : NULL;
	ok(j != NULL && same(j, "the sample cards"), "the sample card data (%zu bytes) "
	    "prints the same", n);
	cJSON_Delete(j);
	free(text);
	free(path);
	return done_testing();
}
