import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { CustomerServiceChats } from './cs-service.js';
import { CsVisitorSessions } from './cs-visitors.js';
import { type ChatLimiters, createChatLimiters } from './limits.js';
import type { OfflineMailDeps } from './offline-mail.js';

export interface ChatServices {
  visitors: CsVisitorSessions;
  cs: CustomerServiceChats;
  limiters: ChatLimiters;
  offlineMail: OfflineMailDeps;
}

/** Built once per app by the chat routes factory. */
export function createChatServices(deps: AppDeps): ChatServices {
  const db = deps.database.db;
  return {
    visitors: new CsVisitorSessions(db, deps.clock, deps.mailer, deps.config.BRAND_NAME),
    cs: new CustomerServiceChats(db, deps.clock, deps.events),
    limiters: createChatLimiters(deps.rateLimiters),
    offlineMail: {
      db,
      clock: deps.clock,
      mailer: deps.mailer,
      publicUrl: publicUrl(deps.config),
      brandName: deps.config.BRAND_NAME,
      onError: (error) => deps.log.error({ err: error }, 'chat offline email failed'),
    },
  };
}
