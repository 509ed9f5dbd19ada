/** The generic message layout: image, title, description and one button (spec §2 item 12). */
import { Button, Image, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './message-view.module.css';

type MessageViewProps = {
  title: string;
  description: string;
  image?: string | undefined;
  buttonTitle?: string | undefined;
  onButton?: (() => void) | undefined;
  /** Inside the signed-in shell the page does not need its own full-height backdrop. */
  embedded?: boolean;
};

export function MessageView({
  title,
  description,
  image,
  buttonTitle,
  onButton,
  embedded = false,
}: MessageViewProps) {
  const content = (
    <Paper className={classes.card} shadow="sm" withBorder>
      <Stack align="center" ta="center" gap="md">
        {image && <Image src={image} alt="" w={200} h={160} fit="contain" />}
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {description}
        </Text>
        {buttonTitle && onButton && (
          <Button size="md" onClick={onButton} mt="xs" miw={200}>
            {buttonTitle}
          </Button>
        )}
      </Stack>
    </Paper>
  );
  if (embedded) return <div className={classes.embedded}>{content}</div>;
  return <main className={classes.page}>{content}</main>;
}
