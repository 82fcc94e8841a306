import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MemberFile } from '../config/site-types';
import type { MemberBucket } from '../lib/account/member-buckets';
import { downloadMemberFile, fileKind } from '../lib/account/member-downloads';
import { CardGrid } from './card-grid';

/**
 * Files members download: each with what it is for and its kind; a Download button for each when
 * `signedIn`, else only the list (the page says how to get them).
 */
export function MemberFileList({ bucket, files, signedIn, label }: { bucket: MemberBucket; files: MemberFile[]; signedIn: boolean; label: string }) {
  return (
    <CardGrid cols={{ base: 1, sm: 2 }} component="ul" label={label}>
      {files.map((file) => (
        <Paper component="li" key={file.file} withBorder radius="md" p="md">
          <Stack gap="xs" h="100%">
            <Badge variant="light" tt="none">
              {fileKind(file)}
            </Badge>
            <Text fw={700}>{file.title}</Text>
            <Text size="sm" style={{ flexGrow: 1 }}>
              {file.description}
            </Text>
            {signedIn && <DownloadButton bucket={bucket} file={file} />}
          </Stack>
        </Paper>
      ))}
    </CardGrid>
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
    <Stack gap={4}>
      <Button variant="light" fullWidth loading={state.busy} onClick={() => void download()} aria-label={`Download ${file.title}`}>
        Download
      </Button>
      {state.failed && (
        <Text size="sm" c="red.8" role="alert">
          {file.title} could not be downloaded: {state.failed}.
        </Text>
      )}
    </Stack>
  );
}
