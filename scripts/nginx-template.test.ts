/**
 * The shipped nginx configuration (deploy/nginx/livev3.conf.template) renders with every placeholder filled and
 * nginx's own variables left alone; the cross-node suites (server/cluster.test.ts, `npm run test:cluster`) run it.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NGINX_TEMPLATE, renderTemplate } from './services.ts';

const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
const values = {
  LIVEV3_LISTEN: '80',
  LIVEV3_NODES: 'server 10.0.0.2:8080 max_fails=1 fail_timeout=2s;',
  LIVEV3_DIST: '/srv/livev3/dist',
  LIVEV3_EXTRA: '',
};

describe('the nginx deployment example', () => {
  it('fills each LIVEV3_ placeholder and leaves nginx variables as they are', () => {
    const site = renderTemplate(template, values);
    expect(site).not.toMatch(/\$\{/);
    expect(site).toContain('alias /srv/livev3/dist/assets/;');
    // Both upstreams (round robin, and sticky for socket.io) list the nodes.
    expect(site.match(/server 10\.0\.0\.2:8080/g)).toHaveLength(2);
    for (const variable of [
      '$request_id',
      '$cookie_livev3_client',
      '$proxy_add_x_forwarded_for',
      '$http_upgrade',
    ])
      expect(site).toContain(variable);
  });

  it('refuses a placeholder left without a value', () => {
    const partial: Record<string, string> = { ...values };
    delete partial.LIVEV3_DIST;
    expect(() => renderTemplate(template, partial)).toThrow(/LIVEV3_DIST/);
  });
});
