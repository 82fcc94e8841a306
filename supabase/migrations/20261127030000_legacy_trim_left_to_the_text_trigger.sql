-- No hand-written SQL names a form's question (docs/decisions/035). The old site's " experimenting",
-- with its leading space, is trimmed by the clean_text trigger every form table has had since
-- 20261122135112 (it fires first, and trims every text answer before any check runs), so the trigger
-- that trimmed ai_experience alone goes.
drop trigger if exists normalise_legacy_ai_experience on public.assessment_responses;
drop function if exists public.normalise_legacy_ai_experience();
