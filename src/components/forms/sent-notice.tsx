import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

interface SentNoticeProps {
  title: string;
  body: string;
  again: string;
  onAgain: () => void;
  /** What the form says about what was sent (its results), before the button for another. */
  children?: ReactNode;
}

/**
 * What stays once a form is sent: the toasts leave after a few seconds, this does not. Its heading takes
 * focus, so keyboard and screen-reader users land on the news rather than on the page's body.
 */
export function SentNotice({ title, body, again, onAgain, children }: SentNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="sm" role="status">
      <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      <Text>{body}</Text>
      {children}
      <Button variant="light" onClick={onAgain} style={{ alignSelf: 'flex-start' }}>
        {again}
      </Button>
    </Stack>
  );
}
