/**
 * The organisations' calls (schemas/api/organisations.json): what the viewer may do as an organiser for an event, so
 * that the app offers the organiser pages (downloads, staff check-in) to the staff who may use them. Asking is no
 * organiser call: anyone is told about themselves, an anonymous viewer that they may do nothing.
 */
import { findViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import { loadEvent } from '../events/routes.ts';
import type { Services } from '../services.ts';
import { actionsIn } from './roles.ts';

export function organisationHandlers(services: Pick<Services, 'sql' | 'now' | 'events'>): HandlerMap {
  const { sql, now, events } = services;
  return {
    async organiserMyActions(request) {
      const event = await loadEvent(events, request.query.token);
      const viewer = await findViewer(sql, request, now());
      return ok({ actions: viewer ? await actionsIn(sql, viewer.userId, event.organisation_id) : [] });
    },
  };
}
