// A supervised start for Linux: see CPlatform.h. After fork() only
// async-signal-safe calls are made (the parent has threads).
#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>

#if defined(__linux__)

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


static void sleep_ms(long ms) {
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {}
}

/// Closes every descriptor from 3 up except the `count` in `keep`.
static void close_others(const int *keep, int count) {
    int sorted[8];
    for (int i = 0; i < count; i++) sorted[i] = keep[i];
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            int swap = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = swap;
        }
    unsigned int from = 3;
    for (int i = 0; i <= count; i++) {
        unsigned int to = i < count ? (unsigned int)sorted[i] : ~0U;
        if (i < count && (sorted[i] < 3 || (unsigned int)sorted[i] < from)) continue;
        if (to > from) {
            long done = -1;
#if defined(SYS_close_range)
            done = syscall(SYS_close_range, from, to - 1, 0);
#endif
            if (done != 0) {
                struct rlimit limit;
                unsigned int last = to - 1;
                if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                    && limit.rlim_cur < (rlim_t)last)
                    last = (unsigned int)limit.rlim_cur;
                if (last > 65535) last = 65535;
                for (unsigned int fd = from; fd <= last && fd < to; fd++) close((int)fd);
            }
        }
        if (i < count) from = (unsigned int)sorted[i] + 1;
    }
}

/// Reads the process IDs in /proc/self/task/<self>/children (the kernel
/// lists them separated by spaces) into `pids`, up to `capacity`; returns
/// how many, or -1 when the list cannot be read (a kernel without it).
static int read_children(pid_t self, pid_t *pids, int capacity) {
    char path[64] = "/proc/self/task/";
    size_t at = strlen(path);
    char digits[16];
    int length = 0;
    for (pid_t rest = self; rest > 0 && length < 16; rest /= 10) digits[length++] = (char)('0' + rest % 10);
    while (length > 0) path[at++] = digits[--length];
    memcpy(path + at, "/children", sizeof "/children");
    int list = open(path, O_RDONLY | O_CLOEXEC);
    if (list < 0) return -1;
    int count = 0;
    long number = -1;
    char buffer[512];
    ssize_t got;
    while ((got = read(list, buffer, sizeof buffer)) != 0) {
        if (got < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (ssize_t i = 0; i < got; i++) {
            if (buffer[i] >= '0' && buffer[i] <= '9') {
                number = (number < 0 ? 0 : number * 10) + (buffer[i] - '0');
            } else if (number >= 0) {
                if (count < capacity) pids[count++] = (pid_t)number;
                number = -1;
            }
        }
    }
    if (number >= 0 && count < capacity) pids[count++] = (pid_t)number;
    close(list);
    return count;
}

/// Kills what the program left running in the supervisor's session. The
/// supervisor is a subreaper, so every orphan of the program becomes its
/// child: one that left the program's group but not the session (GNU
/// `timeout` calls setpgid, so does a shell's job control) is killed, its
/// own children then become the supervisor's and are killed in turn; one
/// that left the session on purpose (setsid, a daemon) is left alone.
static void end_descendants(void) {
    pid_t self = getpid();
    pid_t session = getsid(0);
    pid_t pids[256];
    for (int round = 0; round < 4096; round++) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        int count = read_children(self, pids, 256);
        int killed = 0;
        for (int i = 0; i < count; i++) {
            if (getsid(pids[i]) != session) continue;
            kill(pids[i], SIGKILL);
            killed++;
        }
        if (killed == 0) return;
        // Reaped, a killed process's children are the supervisor's.
        for (int i = 0; i < count; i++)
            if (getsid(pids[i]) == session || errno == ESRCH)
                while (waitpid(pids[i], NULL, 0) < 0 && errno == EINTR) {}
    }
}

/// Ends what the program left in the session, then the supervisor the way
/// its program ended.
static void relay(int status) {
    end_descendants();
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    signal(number, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    kill(getpid(), number);
    _exit(128 + number);
}

/// Sends the program's group `number`, waits up to `grace_ms` for the
/// program, kills the group, reaps the program and relays its end.
static void end_program(pid_t program, int number, int grace_ms) {
    kill(-program, number);
    for (int waited = 0; waited < grace_ms && !updatecheck_child_ended(program); waited += 5) sleep_ms(5);
    kill(-program, SIGKILL);
    int status = 0;
    while (waitpid(program, &status, 0) < 0 && errno == EINTR) {}
    relay(status);
}

static void supervise(
    const char *path, char *const argv[], char *const envp[], int input, int output, int error, int lifeline,
    int grace_ms) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int number = 1; number < NSIG; number++) sigaction(number, &action, NULL);
    setpgid(0, 0);
    // The program's orphans become the supervisor's children (see end_descendants).
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    // Descriptors 0 to 2 become /dev/null below: an end there moves up first.
    int *ends_to_keep[4] = {&input, &output, &error, &lifeline};
    for (int i = 0; i < 4; i++) {
        if (*ends_to_keep[i] > 2) continue;
        int moved = fcntl(*ends_to_keep[i], F_DUPFD, 3);
        if (moved >= 0) *ends_to_keep[i] = moved;
    }
    int keep[4] = {input, output, error, lifeline};
    close_others(keep, 4);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        for (int fd = 0; fd < 3; fd++) dup2(null, fd);
        if (null > 2) close(null);
    }
    // The signals it acts on stay blocked (as every signal is, from the
    // parent's fork) and are read from a signalfd the main loop polls: no
    // handler runs, so none can be lost between a check and the wait, nor
    // deferred by a sanitizer's runtime, which wraps handlers in a process
    // forked from a threaded one.
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGHUP);
    sigaddset(&handled, SIGCHLD);
    sigprocmask(SIG_BLOCK, &handled, NULL);
    int signals = signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signals < 0) _exit(127);
    pid_t self = getpid();
    pid_t program = fork();
    if (program == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != self) _exit(127);
        dup2(input, 0);
        dup2(output, 1);
        dup2(error, 2);
        int ends[4] = {input, output, error, lifeline};
        for (int i = 0; i < 4; i++)
            if (ends[i] > 2) close(ends[i]);
        close(signals);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        _exit(127);
    }
    if (program < 0) _exit(127);
    setpgid(program, program);
    close(input);
    close(output);
    close(error);
    struct pollfd watched[2] = {{lifeline, POLLIN, 0}, {signals, POLLIN, 0}};
    int ending_signal = 0;
    while (1) {
        if (ending_signal != 0) end_program(program, ending_signal, grace_ms);
        if (updatecheck_child_ended(program)) {
            // Whatever the program left running in its group ends with it.
            kill(-program, SIGKILL);
            int status = 0;
            while (waitpid(program, &status, 0) < 0 && errno == EINTR) {}
            relay(status);
        }
        watched[0].revents = 0;
        watched[1].revents = 0;
        if (poll(watched, 2, -1) <= 0) continue;
        struct signalfd_siginfo received;
        while (read(signals, &received, sizeof received) == (ssize_t)sizeof received) {
            int number = (int)received.ssi_signo;
            if (ending_signal == 0 && number != SIGCHLD) ending_signal = number;
        }
        if (watched[0].revents != 0) end_program(program, SIGTERM, grace_ms);
    }
}

int updatecheck_spawn_supervised(
    const char *path, char *const argv[], char *const envp[], int input, int output, int error, int lifeline,
    int grace_ms, int *pid) {
    sigset_t all, previous;
    sigfillset(&all);
    // Blocked until the supervisor has its own handlers: none of the
    // parent's may run in it.
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t child = fork();
    if (child == 0) supervise(path, argv, envp, input, output, error, lifeline, grace_ms);
    int failure = child < 0 ? errno : 0;
    if (child > 0) setpgid(child, child);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failure != 0) return failure;
    *pid = (int)child;
    return 0;
}

#else

int updatecheck_spawn_supervised(
    const char *path, char *const argv[], char *const envp[], int input, int output, int error, int lifeline,
    int grace_ms, int *pid) {
    (void)path, (void)argv, (void)envp, (void)input, (void)output, (void)error, (void)lifeline, (void)grace_ms;
    (void)pid;
    return ENOSYS;
}

#endif
