import { Button, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fillReply, REPLY_SUBJECT_MAX } from '../../../form-model/reply-templates';
import { showToast } from '../../components/toast';
import { reportBackendError } from '../../lib/backend/connection';
import { loadBackend } from '../../lib/backend/load';
import { siteName } from '../../../form-model/generated/notification-forms';
import { sendReply } from './inbox-query';
import { replySubject, type StaffForm } from './staff-forms';

/** The database's limit on a reply's body (staff_send_reply). */
const BODY_MAX = 20000;

const REPLACE_QUESTION = 'Replace what you have written with this reply?';

/**
 * A reply to the sender, written here and sent through the outbox (decision 049): started blank or from
 * one of the form's replies (schemas/<form>.replies.json) with the sender's answers in. `onUnsaved` says
 * whether something written would be lost by leaving.
 */
export function ReplyComposer({ id, to, form, answers, onSent, onUnsaved }: { id: string; to: string; form: StaffForm; answers: Record<string, unknown>; onSent: () => void; onUnsaved: (unsaved: boolean) => void }) {
  const blank = { subject: replySubject(form, answers), body: '' };
  const [start, setStart] = useState('');
  const [started, setStarted] = useState(blank);
  const [subject, setSubject] = useState(blank.subject);
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const unsaved = body.trim() !== started.body.trim() || (body.trim() !== '' && subject !== started.subject);
  useEffect(() => onUnsaved(unsaved && !sending), [unsaved, sending, onUnsaved]);

  const choose = (title: string) => {
    if (unsaved && !window.confirm(REPLACE_QUESTION)) return;
    const template = form.replies?.find((reply) => reply.title === title);
    const next = template ? fillReply(template, form, answers) : blank;
    setStart(title);
    setStarted(next);
    setSubject(next.subject);
    setBody(next.body);
  };
  const send = async () => {
    setSending(true);
    try {
      const went = await sendReply(await loadBackend(), id, { subject: subject.trim(), body });
      void showToast(went ? { title: 'Reply sent', description: `Your reply to ${to} is on its way.` } : { title: 'Reply saved', description: 'It will be sent within a minute.' });
      setStart('');
      setStarted(blank);
      setSubject(blank.subject);
      setBody('');
      onSent();
    } catch (error) {
      void reportBackendError(error, 'The reply was not sent');
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        {form.replies?.length ? (
          <NativeSelect
            label="Start from"
            value={start}
            onChange={(e) => choose(e.currentTarget.value)}
            data={[{ value: '', label: 'A blank message' }, ...form.replies.map((reply) => ({ value: reply.title, label: reply.title }))]}
          />
        ) : null}
        <TextInput label="Subject" required maxLength={REPLY_SUBJECT_MAX} value={subject} onChange={(e) => setSubject(e.currentTarget.value.replace(/[\r\n]+/g, ' '))} />
        <Textarea
          label="Message"
          required
          description={`Sent to ${to} from our address, with your name and ${siteName} below it; their answer reaches the team's address.`}
          autosize
          minRows={6}
          maxLength={BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        <Button type="submit" loading={sending} disabled={!subject.trim() || !body.trim()} style={{ alignSelf: 'flex-start' }}>
          Send reply
        </Button>
        <Text size="sm" c="dimmed">
          Sending it marks a new or in-progress submission as Replied.
        </Text>
      </Stack>
    </form>
  );
}
