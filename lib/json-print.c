/* json-print.c — cJSON_PrintUnformatted()'s bytes, faster (lib/json-print.h). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json-print.h"

/* A string literal, escaped as cJSON's print_string_ptr() escapes it. */
static void
add_string(struct strbuf *out, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *run;

	strbuf_addc(out, '"');
	if (p == NULL) {
		strbuf_addc(out, '"');
		return;
	}
	for (;;) {
		for (run = p; *p > 31 && *p != '"' && *p != '\\'; p++)
			;
		strbuf_add(out, run, (size_t)(p - run));
		if (*p == '\0')
			break;
		strbuf_addc(out, '\\');
		switch (*p) {
		case '\\': strbuf_addc(out, '\\'); break;
		case '"': strbuf_addc(out, '"'); break;
		case '\b': strbuf_addc(out, 'b'); break;
		case '\f': strbuf_addc(out, 'f'); break;
		case '\n': strbuf_addc(out, 'n'); break;
		case '\r': strbuf_addc(out, 'r'); break;
		case '\t': strbuf_addc(out, 't'); break;
		default: {
			char u[5] = { 'u', '0', '0', hex[*p >> 4], hex[*p & 15] };

			strbuf_add(out, u, 5);
		}
		}
		p++;
	}
	strbuf_addc(out, '"');
}

/*
 * A number: an integer below 1e15 in magnitude is what "%1.15g" prints
 * (its digits, read back exactly); any other number (a fraction, a huge
 * one, -0, NaN) is left to cJSON itself.
 */
static int
add_number(struct strbuf *out, const cJSON *item)
{
	double d = item->valuedouble;
	char buf[24], *p = buf + sizeof buf, *s;

	unsigned long long u;

	if (d > -1e15 && d < 1e15 && d == (double)(long long)d &&
	    !(d == 0 && signbit(d))) {
		u = d < 0 ? (unsigned long long)-(long long)d : (unsigned long long)d;
		do
			*--p = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (d < 0)
			*--p = '-';
		strbuf_add(out, p, (size_t)(buf + sizeof buf - p));
		return 0;
	}
	if ((s = cJSON_PrintUnformatted(item)) == NULL)
		return -1;
	strbuf_addstr(out, s);
	cJSON_free(s);
	return 0;
}

/*
 * json_print_add(), giving up with 1 once out holds more than limit bytes
 * (checked after each value; limit SIZE_MAX: never).
 */
static int
print_add(struct strbuf *out, const cJSON *item, size_t limit)
{
	const cJSON *c;
	int r;

	if (item == NULL)
		return -1;
	switch (item->type & 0xff) {
	case cJSON_NULL:
		strbuf_add(out, "null", 4);
		return 0;
	case cJSON_False:
		strbuf_add(out, "false", 5);
		return 0;
	case cJSON_True:
		strbuf_add(out, "true", 4);
		return 0;
	case cJSON_Number:
		return add_number(out, item);
	case cJSON_Raw:
		if (item->valuestring == NULL)
			return -1;
		strbuf_addstr(out, item->valuestring);
		return 0;
	case cJSON_String:
		add_string(out, item->valuestring);
		return 0;
	case cJSON_Array:
		strbuf_addc(out, '[');
		for (c = item->child; c != NULL; c = c->next) {
			if ((r = print_add(out, c, limit)) != 0)
				return r;
			if (out->len > limit)
				return 1;
			if (c->next != NULL)
				strbuf_addc(out, ',');
		}
		strbuf_addc(out, ']');
		return 0;
	case cJSON_Object:
		strbuf_addc(out, '{');
		for (c = item->child; c != NULL; c = c->next) {
			add_string(out, c->string);
			strbuf_addc(out, ':');
			if ((r = print_add(out, c, limit)) != 0)
				return r;
			if (out->len > limit)
				return 1;
			if (c->next != NULL)
				strbuf_addc(out, ',');
		}
		strbuf_addc(out, '}');
		return 0;
	default:
		return -1;
	}
}

int
json_print_add(struct strbuf *out, const cJSON *item)
{
	return print_add(out, item, SIZE_MAX);
}

int
json_print_add_max(struct strbuf *out, const cJSON *item, size_t max)
{
	size_t start = out->len;
	int r = print_add(out, item, start + max);

	return r == 0 && out->len - start > max ? 1 : r;
}

void
json_print_string(struct strbuf *out, const char *s)
{
	add_string(out, s);
}

/* The comma before a member or item, and its key. */
static void
w_key(struct strbuf *out, const char *key)
{
	if (out->len > 0 && out->s[out->len - 1] != '{' && out->s[out->len - 1] != '[')
		strbuf_addc(out, ',');
	if (key != NULL) {
		add_string(out, key);
		strbuf_addc(out, ':');
	}
}

void
json_w_open(struct strbuf *out, const char *key, char brace)
{
	w_key(out, key);
	strbuf_addc(out, brace);
}

void
json_w_close(struct strbuf *out, char brace)
{
	strbuf_addc(out, brace);
}

/*
 * The comma, "key": and an integer below 1e15 in one buffer and one
 * append (most of a state is such members); 0 when key needs escaping
 * or is long, or d is another number: the caller takes the long way.
 */
static int
w_key_int(struct strbuf *out, const char *key, double d)
{
	char buf[96], digits[24], *p = digits + sizeof digits;
	size_t n = 0, k;
	unsigned long long u;

	if (!(d > -1e15 && d < 1e15 && d == (double)(long long)d && !(d == 0 && signbit(d))))
		return 0;
	if (out->len > 0 && out->s[out->len - 1] != '{' && out->s[out->len - 1] != '[')
		buf[n++] = ',';
	if (key != NULL) {
		buf[n++] = '"';
		for (k = 0; key[k] != '\0'; k++) {
			unsigned char c = (unsigned char)key[k];

			if (k >= 48 || c < 32 || c == '"' || c == '\\')
				return 0;
			buf[n++] = (char)c;
		}
		buf[n++] = '"';
		buf[n++] = ':';
	}
	u = d < 0 ? (unsigned long long)-(long long)d : (unsigned long long)d;
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (d < 0)
		*--p = '-';
	memcpy(buf + n, p, (size_t)(digits + sizeof digits - p));
	n += (size_t)(digits + sizeof digits - p);
	strbuf_add(out, buf, n);
	return 1;
}

void
json_w_num(struct strbuf *out, const char *key, double d)
{
	cJSON n;

	if (w_key_int(out, key, d))
		return;
	memset(&n, 0, sizeof n);
	n.type = cJSON_Number;
	n.valuedouble = d;
	w_key(out, key);
	if (add_number(out, &n) == -1)
		abort();	/* cJSON prints every number, "null" for NaN */
}

void
json_w_int(struct strbuf *out, const char *qkey, size_t qlen, long long v)
{
	char buf[128], digits[24], *p = digits + sizeof digits;
	unsigned long long u;
	size_t n = 0;

	if (qlen > sizeof buf - sizeof digits - 1 || v <= -1000000000000000LL ||
	    v >= 1000000000000000LL) {
		struct strbuf k = STRBUF_INIT;

		/* not the short literal key this is for: the long way */
		if (qlen >= 3) {
			strbuf_add(&k, qkey + 1, qlen - 3);
			json_w_num(out, strbuf_str(&k), (double)v);
		} else
			json_w_num(out, NULL, (double)v);
		strbuf_free(&k);
		return;
	}
	if (out->len > 0 && out->s[out->len - 1] != '{' && out->s[out->len - 1] != '[')
		buf[n++] = ',';
	memcpy(buf + n, qkey, qlen);
	n += qlen;
	u = v < 0 ? (unsigned long long)-v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	memcpy(buf + n, p, (size_t)(digits + sizeof digits - p));
	n += (size_t)(digits + sizeof digits - p);
	strbuf_add(out, buf, n);
}

void
json_w_str(struct strbuf *out, const char *key, const char *s)
{
	if (s == NULL)
		return;
	w_key(out, key);
	add_string(out, s);
}

void
json_w_true(struct strbuf *out, const char *key)
{
	w_key(out, key);
	strbuf_add(out, "true", 4);
}

void
json_w_false(struct strbuf *out, const char *key)
{
	w_key(out, key);
	strbuf_add(out, "false", 5);
}

char *
json_print(const cJSON *item, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;

	if (json_print_add(&sb, item) == -1) {
		strbuf_free(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, len);
}
