import { Anchor, Container, Text } from '@mantine/core';
import { shell } from 'virtual:site-shell';
import { Icon } from '../../components/icon';
import { Island } from '../../components/island';
import { SmartAnchor } from '../../components/smart-link';
import type { LinkSpec } from '../../config/site-types';
import accountControlIsland from '../../features/account/account-control.island';
import { accountIsland } from '../../lib/account/account-context';
import { externalLinkProps } from '../../lib/links';
import { Logo } from './logo';
import classes from './footer.module.css';

const socialIcons = { facebook: 'facebook', linkedin: 'linkedin', twitter: 'x' } as const;

export function Footer() {
  const { footer, site } = shell;
  const signUp = shell.routes.find((route) => route.form === footer.newsletter.signUp.form);
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.columns}>
          <div className={classes.column}>
            <Logo inverted />
            <p className={classes.muted}>{footer.blurb}</p>
            <div className={classes.socials}>
              {footer.socials.map((social) => {
                return (
                  <a key={social.network} href={social.to} {...externalLinkProps} aria-label={social.label} className={classes.social}>
                    <Icon name={socialIcons[social.network]} size={22} />
                  </a>
                );
              })}
            </div>
          </div>
          <FooterLinks title="Quick Links" links={footer.quickLinks} />
          <FooterLinks title="Resources" links={footer.resources} />
          <div className={classes.column}>
            <h2 className={classes.heading}>Stay in Touch</h2>
            <Anchor href={`mailto:${site.email}`} className={classes.link}>
              <span className={classes.inlineIcon}>
                <Icon name="mail" size={16} />
              </span>
              {site.email}
            </Anchor>
            <p className={classes.muted}>{footer.newsletter.text}</p>
            {signUp && (
              <SmartAnchor to={signUp.path} className={classes.link}>
                {footer.newsletter.signUp.label}
              </SmartAnchor>
            )}
            <Island of={accountControlIsland} props={{ placement: 'footer', className: classes.link }} {...accountIsland} />
          </div>
        </div>
        <Text size="sm" className={classes.bottom}>
          {/* The year the page was built; the loader (src/main.tsx) writes the current one. */}
          © <span data-current-year>{new Date().getFullYear()}</span> {site.name}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly LinkSpec[] }) {
  return (
    <nav className={classes.column} aria-label={title}>
      <h2 className={classes.heading}>{title}</h2>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.to}>
            <SmartAnchor to={link.to} className={classes.link}>
              {link.label}
            </SmartAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
