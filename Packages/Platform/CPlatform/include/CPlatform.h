// The few process calls UpdateCheckPlatform cannot make from Swift: a
// supervised start on Linux (fork, then only async-signal-safe calls) and a
// table of started programs that a signal handler may read.
#ifndef UPDATECHECK_CPLATFORM_H
#define UPDATECHECK_CPLATFORM_H

#include <stddef.h>

/// Starts `path` with `argv` and `envp` under a supervisor (Linux only).
///
/// The direct child is the supervisor: it leads a process group of its own,
/// closes every descriptor but the ones given, and forks the program into a
/// new process group the program leads, with `input`, `output` and `error`
/// as its descriptors 0, 1 and 2. The supervisor relays the program's exit
/// status (or dies of the signal that killed it). On SIGINT, SIGTERM or
/// SIGHUP, or when the read end `lifeline` reports the end of file (every
/// write end closed: the parent is gone, however it died), it sends the
/// program's group that signal (SIGTERM for a lifeline), waits up to
/// `grace_ms` milliseconds for the program, sends the group SIGKILL and
/// exits. When the program ends by itself, whatever else of its group still
/// runs is killed. At every end the supervisor, a subreaper of the
/// program's orphans, then kills each of them still in its session (one
/// that left the program's group, as GNU timeout does), and theirs; one
/// that left the session (setsid) is left alone. The program gets SIGKILL
/// if the supervisor dies.
///
/// Returns 0 and stores the supervisor's process ID in `pid`, or an errno
/// value (ENOSYS outside Linux).
int updatecheck_spawn_supervised(
    const char *path, char *const argv[], char *const envp[], int input, int output, int error, int lifeline,
    int grace_ms, int *pid);

/// Adds `pid` (a direct child leading its own process group) to the table
/// of live children, and passes it the signal at once if the children are
/// being ended; returns 0 when the table is full (it is then not ended by
/// updatecheck_end_children).
int updatecheck_add_child(int pid);

/// The signal updatecheck_end_children is passing on, or 0 before it is
/// called: no child is to be started after it.
int updatecheck_ending(void);

/// Removes `pid` from the table of live children.
void updatecheck_remove_child(int pid);

/// Whether the child `pid` has ended (or was already reaped), without
/// reaping it: while it is not reaped, its process group stays addressable.
int updatecheck_child_ended(int pid);

/// Sends `signal` to the process group of every live child, again every 5
/// ms to those (also newly started ones) that have not ended, for up to
/// `grace_ms` milliseconds, then sends the groups SIGKILL.
/// Async-signal-safe: for signal handlers.
void updatecheck_end_children(int signal, int grace_ms);

/// Adds the read-only mapping of the file `path` at `start`, `length`
/// bytes long, to the table a SIGBUS handler reads (the path is copied, up
/// to 4095 bytes); returns its slot, or -1 when the table (64 slots) is full.
int updatecheck_add_mapping(const void *start, size_t length, const char *path);

/// Removes the mapping in `slot` (from updatecheck_add_mapping; -1 is ignored)
/// from the table, before it is unmapped.
void updatecheck_remove_mapping(int slot);

/// Installs a SIGBUS handler: an access to a page of a mapped file past its
/// end (another program shortened it while it was read) calls `handler`
/// with the file's path, which must end the process with async-signal-safe
/// calls only; any other bus error goes to the action SIGBUS had before.
void updatecheck_handle_mapping_faults(void (*handler)(const char *path));

#endif
