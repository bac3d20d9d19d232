/**
 * `npm run partners -- <command>`: manage partner organisations, their client
 * credentials and their study grants in the service database.
 */

import { parseArgs, run } from "@/lib/cli/args";
import { env } from "@/lib/config/env";
import { openDatabase } from "@/partner-service/data/open";
import {
  addClient,
  addPartner,
  disableClient,
  grant,
  listPartners,
  revoke,
  rotateSecret,
} from "@/partner-service/data/partner-registry";

const ADD_DOES = "register a partner and its first client (prints the secret once)";
const USAGE = `Usage: npm run partners -- <command>
  add <partner-id> --name "<organisation>" [--client-id <id>]   ${ADD_DOES}
  add-client <partner-id> <client-id>                            another client credential for a partner
  grant <partner-id> <study-number>                              allow a partner to read a study
  revoke <partner-id> <study-number>                             withdraw that access (effective at once)
  rotate-secret <client-id>                                      new secret; the old one and its tokens stop working
  disable-client <client-id>                                     the client, its secret and its tokens stop working
  list                                                           partners, clients and grants
Database: PARTNER_DB_PATH (now ${env().PARTNER_DB_PATH}).`;

function printSecret(clientId: string, secret: string) {
  console.log(
    `client_id:     ${clientId}\nclient_secret: ${secret}\nThe secret is shown only now; the database keeps a hash.`,
  );
}

run(async () => {
  const {
    positional: [command, a, b],
    flags,
  } = parseArgs(process.argv.slice(2));
  const db = openDatabase(env().PARTNER_DB_PATH);
  const need = (...v: (string | undefined)[]) => {
    if (v.some((x) => !x)) throw new Error(`missing argument.\n${USAGE}`);
  };
  switch (command) {
    case "add": {
      need(a, flags.name);
      const clientId = flags["client-id"] ?? `${a.toLowerCase()}-client`;
      printSecret(clientId, await addPartner(db, a, flags.name, clientId));
      break;
    }
    case "add-client":
      need(a, b);
      printSecret(b, await addClient(db, a, b));
      break;
    case "grant":
      need(a, b);
      grant(db, a, b);
      console.log(`${a} may now read ${b}.`);
      break;
    case "revoke":
      need(a, b);
      console.log(revoke(db, a, b) ? `${a} may no longer read ${b}.` : `${a} had no grant for ${b}.`);
      break;
    case "rotate-secret":
      need(a);
      printSecret(a, await rotateSecret(db, a));
      break;
    case "disable-client":
      need(a);
      disableClient(db, a);
      console.log(`${a} is disabled: its secret and its tokens no longer work.`);
      break;
    case "list":
      for (const p of listPartners(db)) {
        const clients = p.clients.join(", ") || "(none)";
        const studies = p.studies.join(", ") || "(none)";
        console.log(`${p.partnerId}  ${p.name}\n  clients: ${clients}\n  studies: ${studies}`);
      }
      break;
    default:
      console.log(USAGE);
      if (command && command !== "help") process.exitCode = 1;
  }
  db.close();
});
