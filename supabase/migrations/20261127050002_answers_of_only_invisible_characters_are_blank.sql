-- An answer of only invisible characters is no answer (issue 39, 6): a name of only U+3164 (a Hangul
-- filler) or U+2800 (the blank Braille pattern), or a message of only zero-width spaces, was saved and
-- listed to staff as if it said something. public.form_text, which every form table's clean_text
-- trigger applies before its checks, now makes such an answer null, as form-model/text-rules.ts does in
-- the browser and the function (tests/db/text-rules.property.test.ts holds the two equal). Written by
-- scripts/generate/db-state.ts's formTextFunctionSql(), which a new project's first migration uses.
create or replace function public.form_text(value text) returns text
language sql
immutable
set search_path = ''
return (select case when trimmed ~ '^[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f\u115f\u1160\u3164\uffa0\u2800]+$' then null else nullif(trimmed, '') end from (select regexp_replace(value, '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g') as trimmed) as answer);
