// The header's "Content tools" menu: the screens for the rest of the Content API (content search,
// users, prices, completion criteria, certificate templates, bulk imports), kept in one menu so the
// header stays short.
import { Link } from '@tanstack/react-router';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx';
import './content-tools-menu.css';

export function ContentToolsMenu() {
  return (
    <Menu>
      <MenuTrigger className="nav-link nav-link--menu">
        Content tools <span aria-hidden="true">▾</span>
      </MenuTrigger>
      <MenuContent label="Content tools" align="start">
        <MenuItem asChild>
          <Link to="/search">Search content</Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/users">Users</Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/prices">Prices</Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/completion-criteria">Completion criteria</Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/certificate-templates">Certificate templates</Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/imports">Bulk imports</Link>
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
