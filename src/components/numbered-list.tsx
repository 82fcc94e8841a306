import { Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { TitledText } from '../config/site-types';
import classes from './numbered-list.module.css';

/**
 * Parallel points or the steps of a process as a numbered list in columns, without cards: six reasons
 * read as one block instead of six boxes stacked on a phone.
 */
export function NumberedList({ items, columns = 3 }: { items: TitledText[]; columns?: 3 | 4 }) {
  return (
    <ol className={classes.list} style={{ '--columns': columns } as CSSProperties}>
      {items.map((item, index) => (
        <li key={item.title} className={classes.item}>
          <span className={classes.number} aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div>
            <Title order={3} size="h4">
              {item.title}
            </Title>
            <Text c="dimmed" mt={4}>
              {item.description}
            </Text>
          </div>
        </li>
      ))}
    </ol>
  );
}
