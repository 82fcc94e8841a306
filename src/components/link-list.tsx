import { ThemeIcon } from '@mantine/core';
import type { SitePath, TitledText } from '../config/site-types';
import { Icon } from './icon';
import { SmartAnchor } from './smart-link';
import classes from './link-list.module.css';

/**
 * Pages a visitor may go on to, as rows (icon, linked title, one line): what a grid of Learn More cards
 * says, in a third of the height on a phone.
 */
export function LinkList({ items }: { items: (TitledText & { to: SitePath })[] }) {
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item.to} className={classes.item}>
          {item.icon && (
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
              <Icon name={item.icon} />
            </ThemeIcon>
          )}
          <div>
            <SmartAnchor to={item.to} className={classes.link}>
              {item.title}
            </SmartAnchor>
            <div className={classes.description}>{item.description}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
