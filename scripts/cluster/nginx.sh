# The cluster's proxy: nginx's configuration (sourced by scripts/cluster.sh; docs/deployment.md, The load
# balancer). Written to the run's temporary folder with its own pid, log and temporary paths, so that the cluster's
# nginx runs beside any other on the machine and leaves nothing behind.

# The largest request body, from server/serve.mjs (MAX_BODY_BYTES = 256 * 1024), so that the proxy refuses no body
# the server would take and passes on none it would not.
max_body_bytes() {
  local kib
  kib="$(sed -nE 's/^export const MAX_BODY_BYTES = ([0-9]+) \* 1024;$/\1/p' server/serve.mjs)"
  [ -n "$kib" ] || { echo "MAX_BODY_BYTES not found in server/serve.mjs" >&2; return 1; }
  echo "$((kib * 1024))"
}

# write_nginx_conf DIR PROXY_PORT INSTANCE_PORT...: DIR/nginx.conf, and DIR/tmp for the bodies nginx buffers.
write_nginx_conf() {
  local dir="$1" port="$2"
  shift 2
  local body user="" servers=""
  body="$(max_body_bytes)"
  mkdir -p "$dir/tmp"
  # Started as root, nginx runs its workers as nobody: they write request bodies under tmp.
  if [ "$(id -u)" = 0 ]; then
    user="user nobody nogroup;"
    chmod 711 "$dir"
    chown nobody "$dir/tmp"
  fi
  # A failed connection marks an instance down for 5 s: its requests go to the others meanwhile.
  for p in "$@"; do servers+="    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;"$'\n'; done
  cat >"$dir/nginx.conf" <<EOF
${user}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent '
                      'upstream=\$upstream_addr status=\$upstream_status time=\$upstream_response_time';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  # Round robin (nginx's default), no sticky sessions: any instance serves any request.
  upstream portal {
${servers}    keepalive 32;
    # Under Node's own keep-alive timeout (5 s), so that nginx never reuses a connection the server is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size ${body};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      # The instances trust one proxy (TRUSTED_PROXY_HOPS=1): the address nginx saw is the last entry.
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Host \$http_host;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # Another instance only when this one could not be reached (refused, or no connection within 2 s), and
      # never for a POST: a request an instance may have acted on is not sent twice.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      # Study pages stream their progress, exports their files: passed on as they come, not held.
      proxy_buffering off;
      proxy_buffer_size 32k;
      proxy_buffers 8 32k;
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
      # Which instance answered (host:port; two when the first could not be reached): for the cluster's tests.
      add_header X-Study-Portal-Upstream \$upstream_addr always;
    }
  }
}
EOF
}
