import chartStyles from '@mantine/charts/styles.css?inline';
import { useInsertionEffect } from 'react';

/**
 * Mantine's chart styles, added to the document when the overview first shows: the site's one stylesheet
 * (decision 020) is fetched by every page, and only /staff draws charts.
 */
export function useChartStyles() {
  useInsertionEffect(() => {
    if (document.getElementById('mantine-charts-styles')) return;
    const style = Object.assign(document.createElement('style'), { id: 'mantine-charts-styles', textContent: chartStyles });
    document.head.append(style);
  }, []);
}
