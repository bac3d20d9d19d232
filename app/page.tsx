import { API_PATH, TOKEN_PATH } from "@/lib/partner-service/config";

export default function Home() {
  return (
    <main>
      <h1>Study Portal</h1>
      <p>The partner service sandbox is running on this server.</p>
      <ul>
        <li>
          Token: <code>POST {TOKEN_PATH}</code>
        </li>
        <li>
          Data: <code>GET {API_PATH}/…</code> (AdverseEvent, DiagnosticReport, observation, MedicationStatement, Patient, Group)
        </li>
      </ul>
      <p>The demo partner credentials are listed in the README.</p>
    </main>
  );
}
