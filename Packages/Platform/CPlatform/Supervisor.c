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

/// Ends the supervisor the way its program ended.
static void relay(int status) {
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
