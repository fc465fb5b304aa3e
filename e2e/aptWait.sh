# Sourced by setup.sh: apt-get that waits for another apt or dpkg (unattended-upgrades, a second shell) to
# release its lock instead of stopping at once with "Could not get lock …", and says that it waits.
# The dpkg lock (install) is waited for by apt itself (DPkg::Lock::Timeout); /var/lib/apt/lists/lock
# (update) is not covered by that option in apt 2.6, so update is retried here until the same deadline.
APT_LOCK_TIMEOUT="${APT_LOCK_TIMEOUT:-600}"

apt_wait_log() { echo "[e2e setup] $*" >&2; }
# apt-get's output: stdout when it succeeded, stderr when it failed (so a caller may drop the former).
apt_wait_emit() { if [ "$1" -eq 0 ]; then printf '%s\n' "$2"; else printf '%s\n' "$2" >&2; fi; }

# apt_get [PREFIX...] -- APT-ARGS...   e.g. `apt_get sudo -n -- install -y chromium`, `apt_get -- update -qq`.
# The waiting lines go to stderr; returns apt-get's status.
apt_get() {
  local prefix=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do prefix+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local deadline=$(( $(date +%s) + APT_LOCK_TIMEOUT ))
  local waited="" out status held left
  while :; do
    # Without waiting first, to learn whether a lock is held and by whom.
    out="$("${prefix[@]}" apt-get -o DPkg::Lock::Timeout=0 "$@" 2>&1)" && status=0 || status=$?
    held="$(printf '%s\n' "$out" | grep -o '^E: Could not get lock .*' | head -1 || true)"
    if [ -z "$held" ]; then
      [ -n "$waited" ] && apt_wait_log "the lock is free: going on"
      apt_wait_emit "$status" "$out"
      return "$status"
    fi
    left=$(( deadline - $(date +%s) ))
    if [ -z "$waited" ]; then
      apt_wait_log "another apt or dpkg is running (${held#E: Could not get lock }): waiting up to ${left} s for it to finish (APT_LOCK_TIMEOUT)"
      waited=1
    fi
    if [ "$left" -le 0 ]; then
      printf '%s\n' "$out" >&2
      apt_wait_log "the apt lock was still held after ${APT_LOCK_TIMEOUT} s: run it again once the other apt has finished"
      return "$status"
    fi
    if ! printf '%s\n' "$held" | grep -q 'lists/lock'; then
      # The dpkg lock: apt waits for it itself and goes on the moment it is free.
      out="$("${prefix[@]}" apt-get -o DPkg::Lock::Timeout="$left" "$@" 2>&1)" && status=0 || status=$?
      apt_wait_emit "$status" "$out"
      # While it waits apt prints "Waiting for cache lock: Could not get lock …"; an E: line means it gave up.
      if [ "$status" -ne 0 ] && printf '%s\n' "$out" | grep -q '^E: \(Could not get lock\|Unable to acquire\)'; then
        apt_wait_log "the apt lock was still held after ${APT_LOCK_TIMEOUT} s: run it again once the other apt has finished"
      else
        apt_wait_log "the lock is free: going on"
      fi
      return "$status"
    fi
    sleep 1
  done
}
