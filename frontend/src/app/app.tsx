import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';

/** No Redux here: the store is loaded with the pages that use the API (see router.tsx). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
