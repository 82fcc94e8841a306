import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MemberFile } from '../config/site-types';
import { downloadMemberFile, fileKind, type MemberBucket } from '../lib/account/member-downloads';

/**
 * Files members download: each with what it is for and its kind; a Download button for each when
 * `signedIn`, else only the list (the page says how to get them).
 */
export function MemberFileList({ bucket, files, signedIn, label }: { bucket: MemberBucket; files: MemberFile[]; signedIn: boolean; label: string }) {
  return (
    <Stack component="ul" gap="md" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <li key={file.file}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <div>
              <Text fw={700}>{file.title}</Text>
              <Text size="sm">{file.description}</Text>
              <Badge variant="light" color="gray" mt={4}>
                {fileKind(file)}
              </Badge>
            </div>
            {signedIn && <DownloadButton bucket={bucket} file={file} />}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function DownloadButton({ bucket, file }: { bucket: MemberBucket; file: MemberFile }) {
  const [state, setState] = useState<{ busy: boolean; failed: string | null }>({ busy: false, failed: null });
  const download = async () => {
    setState({ busy: true, failed: null });
    try {
      await downloadMemberFile(bucket, file);
      setState({ busy: false, failed: null });
    } catch (error) {
      setState({ busy: false, failed: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
      <Button variant="light" loading={state.busy} onClick={() => void download()} aria-label={`Download ${file.title}`}>
        Download
      </Button>
      {state.failed && (
        <Text size="sm" c="red.8" role="alert" maw={220} ta="right">
          {file.title} could not be downloaded: {state.failed}.
        </Text>
      )}
    </Stack>
  );
}
