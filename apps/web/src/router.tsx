import { createBrowserRouter } from 'react-router';
import { APP_ROUTES } from './routes';

export const router = createBrowserRouter(APP_ROUTES);
