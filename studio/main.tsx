import { createRoot } from 'react-dom/client';
import { Studio } from './Studio';

const container = document.getElementById('studio');
if (container) createRoot(container).render(<Studio />);
