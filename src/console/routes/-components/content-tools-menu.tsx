// The wide header's "Content tools" menu: the screens for the rest of the Content API (content search,
// users, prices, completion criteria, certificate templates, bulk imports).
import { Link } from '@tanstack/react-router';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx';
import { CONTENT_TOOLS } from './nav-entries.ts';

export function ContentToolsMenu() {
  return (
    <Menu>
      <MenuTrigger className="nav-link nav-link--menu">
        Content tools <span aria-hidden="true">▾</span>
      </MenuTrigger>
      <MenuContent label="Content tools" align="start">
        {CONTENT_TOOLS.map((entry) => (
          <MenuItem key={entry.label} asChild>
            <Link to={entry.to}>{entry.label}</Link>
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
