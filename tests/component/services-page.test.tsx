// @vitest-environment jsdom
/** /services lists every service of site.config.ts: the three groups the spec names, then the ones in none. */
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import servicesOverview from '../../content/services-overview';
import { services } from '../../site.config';
import ServicesPage from '../../src/features/services/services-page';
import { render } from './render';

it('links to every service, grouped or not', () => {
  render(<ServicesPage heading="Our Services" content={servicesOverview} />);
  const linked = new Set(screen.getAllByRole('link').map((a) => a.getAttribute('href')));
  for (const service of services) expect(linked, service.path).toContain(service.path);
}, 30_000);
