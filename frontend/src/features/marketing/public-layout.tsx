import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, Outlet } from 'react-router-dom';

const links = [
  { to: '/', label: 'Home' },
  { to: '/memberships', label: 'Membresías' },
  { to: '/reserva', label: 'Reserva' },
  { to: '/contactanos', label: 'Contáctanos' },
  { to: '/login', label: 'Login' },
  { to: '/platform-register', label: 'Plataforma' },
];

export function PublicLayout() {
  return (
    <>
      <Navbar expand="md" variant="dark" fixed="top" className="site-navbar" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to="/" className="fw-bold">
            Pulso
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-nav" aria-label="Abrir menú" />
          <Navbar.Collapse id="site-nav">
            <Nav className="ms-auto align-items-md-center">
              {links.map((link) => (
                <Nav.Link key={link.to} as={NavLink} to={link.to} end eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              ))}
              <Link to="/register" className="btn btn-brand ms-md-3 mt-2 mt-md-0">
                Clase Gratis
              </Link>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <div className="site-navbar-spacer" />
      <Outlet />
    </>
  );
}
