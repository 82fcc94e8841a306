-- A new lead's email is sent by the call its page makes right after saving it; the sweep takes a lead
-- only once that call has had 30 s to come (the visitor left, or the call never reached the function).
-- Before, a sweep that ran in the moment between the save and the call claimed the lead first; the call
-- then answered 200 (being sent elsewhere) and the visitor read that the email went out, even when the
-- sweep's attempt failed. A call claims its own lead whatever its due time, so nothing waits on this.
alter table public.form_notifications alter column next_attempt_at set default now() + interval '30 seconds';
