/**
 * A form a developer adds in the tests that try it on a copy of the project: a volunteer offer, with
 * its own page, an option list from site.config.ts and a subject naming an answer. Its name has a dash,
 * as schemas/README.md's example of a form's name does ("event-registration", "$id": "event_registration").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const volunteer = {
  name: 'volunteer-offer',
  schema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'volunteer_offer',
    title: 'Volunteer Offer',
    description: 'Someone offering their time. Saved as a row of volunteer_offers.',
    type: 'object',
    additionalProperties: false,
    required: ['full_name', 'email', 'skill'],
    properties: {
      full_name: { type: 'string', title: 'Full Name', maxLength: 120 },
      email: { type: 'string', title: 'Email Address', maxLength: 254, format: 'email' },
      skill: { type: 'string', title: 'Skill', oneOf: [{ const: 'writing', title: 'Grant writing' }, { const: 'data', title: 'Data analysis' }] },
      course: { type: 'string', title: 'Course you took' },
    },
  },
  ui: { 'ui:order': ['full_name', 'email', 'skill', 'course'], 'ui:submitButtonOptions': { submitText: 'Offer My Time' }, 'ui:busyText': 'Sending...' },
  messages: { required: { title: 'Needs Info', message: '{title} is needed.' } },
  entry: {
    type: 'VolunteerOffer',
    table: 'volunteer_offers',
    submittedBy: ['anon', 'authenticated'],
    limits: { perAddressPerHour: 2, perClientPerHour: 10 },
    options: { course: 'courses' },
    notification: { formType: 'Volunteer Offer', replyTo: 'email', subject: 'Volunteer: {skill}' },
    page: {
      path: '/volunteer',
      title: 'Volunteer With Us',
      heading: 'Offer Your Time',
      description: 'Offer your skills to the nonprofits we work with: grant writing, data analysis and more.',
      eyebrow: 'Volunteer',
      intro: 'Tell us what you are good at and we will match you with an organization that needs it.',
      formTitle: 'Your Offer',
      // Linked from the header and the footer by forms.json alone, as schemas/README.md shows.
      nav: 'Volunteer',
      footer: 'Volunteer With Us',
    },
    toasts: {
      saved: { title: 'Thank You!', description: 'Your offer has been saved' },
      saveFailed: { title: 'Error', description: 'Could not save your offer: {error}' },
      notified: { title: 'We Will Be in Touch', description: 'Our team has been told' },
      notifyFailed: { title: 'Email Error', description: 'Saved, but our team was not told: {error}' },
    },
  },
};

/** Writes the form's three files and its forms.json entry into a project's schemas/ folder, as a person would. */
export function declareVolunteer(schemasDir: string) {
  for (const part of ['schema', 'ui', 'messages'] as const) writeFileSync(join(schemasDir, `${volunteer.name}.${part}.json`), `${JSON.stringify(volunteer[part], null, 2)}\n`);
  const formsFile = join(schemasDir, 'forms.json');
  writeFileSync(formsFile, `${JSON.stringify({ ...JSON.parse(readFileSync(formsFile, 'utf8')), [volunteer.name]: volunteer.entry }, null, 2)}\n`);
}
