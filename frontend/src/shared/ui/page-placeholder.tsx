import { Container } from 'react-bootstrap';

/** Stands in for a page whose issue has not landed yet, so every route of the spec exists. */
export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Container as="main" className="py-5 page-placeholder">
      <h1 className="h2 mb-3">{title}</h1>
      {children ?? <p className="text-secondary">Estamos preparando esta sección.</p>}
    </Container>
  );
}
