import Link from "next/link";

export default function ConnectionNotFound() {
  return (
    <main>
      <h1>No such connection</h1>
      <p>
        It may have been removed. <Link href="/settings/connections">Back to your connections</Link>
      </p>
    </main>
  );
}
