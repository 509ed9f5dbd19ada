/** Renders the loading overlay of `showLoading`; mounted once by the app's providers. */
import { Loader, Paper, Stack, Text } from '@mantine/core';
import { useLoadingState } from './loading.ts';
import classes from './loading-overlay.module.css';

export function LoadingOverlayHost() {
  const loading = useLoadingState();
  if (!loading) return null;
  return (
    <div className={classes.overlay}>
      <Paper
        radius="lg"
        shadow="xl"
        px="xl"
        py="lg"
        role="status"
        aria-live="polite"
        className={classes.panel}
      >
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text fw={600}>{loading.text}</Text>
        </Stack>
      </Paper>
    </div>
  );
}
