# The cluster's secrets and its build (sourced by scripts/cluster.sh; docs/deployment.md, What the instances share).

random_key() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64"))'; }

# The server actions' key the build in .next was made with, or nothing (scripts/cluster/build-key.mjs).
build_key() { node scripts/cluster/build-key.mjs; }

# ensure_keys FILE [ACTIONS_KEY]: the file (owner only) of the secrets every instance shares, made once with new
# random keys; a given ACTIONS_KEY is used for the server actions instead of a new one.
ensure_keys() {
  local file="$1" actions="${2:-}"
  [ -f "$file" ] && return 0
  (
    umask 077
    {
      echo "NEXTAUTH_SECRET=$(random_key)"
      echo "PORTAL_SECRET_KEY=$(random_key)"
      echo "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${actions:-$(random_key)}"
    } >"$file"
  )
}

# The value of NAME in the keys file (base64: no quoting needed).
key_of() { sed -n "s/^$2=//p" "$1"; }

# ensure_build KEY FORCE: builds the app with KEY as the server actions' key when no build exists, the build's key
# is another, or FORCE is 1. Every instance runs the one build with the same key, so that a server action a page of
# one instance holds is understood by every other.
ensure_build() {
  local key="$1" force="$2" log
  if [ "$force" != 1 ] && [ -n "$key" ] && [ "$(build_key)" = "$key" ]; then return 0; fi
  log="${TMPDIR:-/tmp}/study-portal-cluster-build-$$.log"
  echo "Building the app (the cluster's server actions key; log: ${log})…"
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$key" npx next build >"$log" 2>&1 || { cat "$log"; return 1; }
  rm -f "$log"
  [ "$(build_key)" = "$key" ] || { echo "The build did not take the cluster's server actions key." >&2; return 1; }
}
