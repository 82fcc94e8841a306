import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep teal-blue whose shades 7+ keep white text above WCAG AA contrast.
const brand: MantineColorsTuple = [
  '#e6f6f8',
  '#cde9ee',
  '#9ad2dc',
  '#63bac9',
  '#38a6b9',
  '#1d99ae',
  '#0b8fa6',
  '#007a8f',
  '#006b7e',
  '#005a6b',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  // The system faces; <html data-fonts> puts Figtree and Fraunces first once the browser holds them
  // (src/styles.css, src/lib/site-fonts.ts, docs/design.md).
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Under a title, Mantine greys a toast's message to gray.6 (3.3:1 on white); gray.7 passes WCAG AA.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
  },
});

/**
 * Mantine's default dimmed grey and error red fail WCAG AA on white; one shade darker passes. Its placeholder
 * grey (gray.5, 2.1:1) is too faint to read, and an unchosen list shows its placeholder as text, which axe
 * holds to 4.5:1: a grey between gray.6 and gray.7 (4.7:1) still reads as empty beside black answers.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-error': t.colors.red[8], '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
