-- Local development data only: four testimonials so the home page carousel has content.
insert into public.testimonials (client_name, title, content, video_url, created_at) values
  ('Renee Alvarez', 'Executive Director, Eastside Family Housing Alliance',
   'Keystone helped our board agree on three priorities in six weeks. A year later, we have opened 40 new affordable units and every staff member can explain our plan in one sentence.',
   null, '2026-09-18T15:00:00Z'),
  ('Marcus Bell', 'Owner, Bell & Daughters Hardware',
   'I wanted our store to give back in a way that meant something. They matched us with a youth training program, and two of its graduates now work for us.',
   'https://www.youtube-nocookie.com/embed/bfAzi6D5FpM', '2026-08-02T15:00:00Z'),
  ('Dr. Priya Natarajan', 'Program Director, Riverbend Community Health',
   'Their AI training was practical and careful. Our case managers save about five hours a week on notes, and we wrote our AI policy together before anyone touched client data.',
   null, '2026-06-21T15:00:00Z'),
  ('Tomas Whitfield', 'Deputy Director, County Office of Economic Opportunity',
   'They prepared our coalition for budget testimony better than any firm we have worked with. The county funded both of our workforce pilots.',
   null, '2026-04-10T15:00:00Z');
