// The landing page (./Landing.tsx): hero and categories first, the rest (./BelowTheFold.tsx) in its own chunk.
export { default } from './Landing';
