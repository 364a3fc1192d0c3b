// Profile (/profile): the screen lives in ./profile/ (head, stat tiles, tabs, My Listings).
export { default } from './profile';
