/* simgrid_fifo — SimGrid peer of specmc's FIFO cluster model, for `make bench`.
 *
 *     build/release/simgrid-fifo SLOTS JOBS TASKS RATE TMIN BETA SEED [REPLICAS]
 *
 * The model of bench/fifo.ini written as SimGrid users write one with the S4U actor API
 * (Debian libsimgrid-dev 3.32), not tuned: one host built in code (no platform file); an
 * arrival actor that sleeps exponential gaps and, at each arrival, posts the job's TASKS tasks
 * in task order on a mailbox as detached sends (the mailbox is the FIFO queue: pending sends
 * are matched to receivers in the order they were posted); SLOTS worker actors that each take
 * the next task from the mailbox, sleep_for its Pareto(TMIN, BETA) duration, and count it
 * done; the last task of a job to end records the job's flowtime (its end minus the job's
 * arrival). Once every job has arrived, the arrival actor posts one stop message per worker,
 * behind every task. The payloads are heap objects the receiver owns, as in SimGrid's
 * examples. Random numbers: SimGrid's own xbt::random (Mersenne Twister, seeded with SEED),
 * Pareto by inversion, tmin (1 - U)^(-1/beta).
 *
 * REPLICAS (default 1) runs of JOBS jobs one after another in one simulation, each from an
 * empty cluster with its own actors. SimGrid's options (--log=..., --cfg=...) may be added;
 * its log is silenced to critical messages. Prints one JSON line: events (task starts + ends
 * = 2 JOBS TASKS REPLICAS), mean_flowtime over every job, cpu_seconds (user + system CPU
 * time of Engine::run alone) and the SimGrid library's version. A benchmark peer, not part of
 * specmc. */
#include <simgrid/s4u.hpp>
#include <simgrid/version.h>
#include <xbt/log.h>
#include <xbt/random.hpp>

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace sg4 = simgrid::s4u;

struct Job {
    double arrival; /* simulated time the job arrived */
    int remaining;  /* tasks not yet finished */
};

struct Task {
    Job *job;        /* the job it belongs to; nullptr: the worker stops */
    double duration; /* its service time */
};

struct Model {
    int slots, jobs, tasks, replicas;
    double rate, tmin, beta;
    sg4::Mailbox *queue; /* pending tasks, oldest first */
    long jobs_done = 0;
    double flowtime_sum = 0.0;
};

static void arrivals(Model *m)
{
    for (int j = 0; j < m->jobs; j++) {
        sg4::this_actor::sleep_for(simgrid::xbt::random::exponential(m->rate));
        Job *job = new Job{sg4::Engine::get_clock(), m->tasks};
        for (int k = 0; k < m->tasks; k++) {
            double u = simgrid::xbt::random::uniform_real(0.0, 1.0);
            auto *t = new Task{job, m->tmin * std::pow(1.0 - u, -1.0 / m->beta)};
            m->queue->put_init(t, 0)->detach();
        }
    }
    for (int w = 0; w < m->slots; w++)
        m->queue->put_init(new Task{nullptr, 0.0}, 0)->detach(); /* stop, behind every task */
}

static void worker(Model *m)
{
    for (auto t = m->queue->get_unique<Task>(); t->job != nullptr;
         t = m->queue->get_unique<Task>()) {
        sg4::this_actor::sleep_for(t->duration);
        if (--t->job->remaining == 0) {
            m->jobs_done++;
            m->flowtime_sum += sg4::Engine::get_clock() - t->job->arrival;
            delete t->job;
        }
    }
}

/* The replicas one after another, each from an empty cluster: its own arrival actor and slot
 * actors, all joined before the next starts. */
static void experiment(Model *m)
{
    sg4::Host *host = sg4::this_actor::get_host();
    for (int r = 0; r < m->replicas; r++) {
        std::vector<sg4::ActorPtr> actors{sg4::Actor::create("arrivals", host, arrivals, m)};
        for (int w = 0; w < m->slots; w++)
            actors.push_back(sg4::Actor::create("slot", host, worker, m));
        for (auto const &a : actors)
            a->join();
    }
}

static double cpu_now()
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

int main(int argc, char **argv)
{
    sg4::Engine e(&argc, argv); /* takes SimGrid's own --log= and --cfg= out of argv */
    xbt_log_control_set("root.thres:critical");
    if (argc != 8 && argc != 9) {
        std::fprintf(stderr,
                     "usage: simgrid-fifo SLOTS JOBS TASKS RATE TMIN BETA SEED [REPLICAS]\n");
        return 2;
    }
    Model m;
    m.slots = std::atoi(argv[1]);
    m.jobs = std::atoi(argv[2]);
    m.tasks = std::atoi(argv[3]);
    m.rate = std::atof(argv[4]);
    m.tmin = std::atof(argv[5]);
    m.beta = std::atof(argv[6]);
    m.replicas = argc > 8 ? std::atoi(argv[8]) : 1;
    if (m.slots < 1 || m.jobs < 1 || m.tasks < 1 || m.replicas < 1 || !(m.rate > 0) ||
        !(m.tmin > 0) || !(m.beta > 0)) {
        std::fprintf(stderr, "simgrid-fifo: every argument must be positive\n");
        return 2;
    }
    simgrid::xbt::random::set_mersenne_seed(std::atoi(argv[7]));
    m.queue = sg4::Mailbox::by_name("queue");

    auto *zone = sg4::create_full_zone("cluster");
    sg4::Host *host = zone->create_host("host", 1e9)->seal();
    zone->seal();
    sg4::Actor::create("experiment", host, experiment, &m);

    double c0 = cpu_now();
    e.run();
    double cpu = cpu_now() - c0;

    long jobs = (long)m.jobs * m.replicas;
    if (m.jobs_done != jobs) {
        std::fprintf(stderr, "simgrid-fifo: only %ld of %ld jobs finished\n", m.jobs_done, jobs);
        return 1;
    }
    int major, minor, patch;
    sg_version_get(&major, &minor, &patch);
    std::printf("{\"events\": %.0f, \"mean_flowtime\": %.9g, \"cpu_seconds\": %.6f, "
                "\"simgrid\": \"%d.%d.%d\"}\n",
                2.0 * (double)jobs * m.tasks, m.flowtime_sum / (double)jobs, cpu, major, minor,
                patch);
    return 0;
}
