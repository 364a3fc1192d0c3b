import { createGlobalStyle } from 'styled-components';

/** Colours, radii and base element styles; components read the CSS variables. */
export const GlobalStyle = createGlobalStyle`
  :root {
    --primary: #c8102e;
    --primary-hover: #a50d26;
    --primary-soft: #fdecee;
    --accent: #f5b800;
    --accent-soft: #fff6d6;
    --text: #1c1917;
    --muted: #6b6460;
    --border: #e7e2de;
    --surface: #ffffff;
    --background: #faf8f6;
    --subtle: #f3efec;
    --danger: #dc2626;
    --success: #15803d;
    --radius: 12px;
    --radius-sm: 8px;
    --shadow: 0 1px 2px rgb(28 25 23 / 6%), 0 1px 3px rgb(28 25 23 / 8%);
    --shadow-lg: 0 10px 30px rgb(28 25 23 / 14%);
    /* A solid ring with a white gap: 3:1 or more against the page and the red buttons alike (WCAG 1.4.11). */
    --focus: 0 0 0 2px #fff, 0 0 0 4px var(--primary);
    --header-height: 64px;
    color-scheme: light;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-width: 320px;
    font-family: "Be Vietnam Pro", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
    font-size: 16px;
    line-height: 1.5;
    color: var(--text);
    background: var(--background);
    -webkit-font-smoothing: antialiased;
  }
  img { max-width: 100%; display: block; }
  a { color: inherit; }
  button, input, select, textarea { font: inherit; color: inherit; }
  h1, h2, h3, h4, p { margin: 0; }
  :focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0);
    white-space: nowrap; border: 0;
  }
  @keyframes shimmer {
    0% { background-position: -400px 0; }
    100% { background-position: 400px 0; }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
