# shellcheck shell=bash
# Sourced by the benchmarks that start ranks: sets $mpirun (from $MPIRUN, else mpirun) and
# exports Open MPI's settings for one machine: ranks talk over loopback and shared memory
# without single-copy (containers often forbid it), and root may start them (CI runs as root).
# Each setting already in the environment is kept.
# shellcheck disable=SC2034 # used by the sourcing script
mpirun=${MPIRUN:-mpirun}
if [[ $(id -u) == 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
  export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
fi
export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader,tcp}
export OMPI_MCA_btl_tcp_if_include=${OMPI_MCA_btl_tcp_if_include:-lo}
export OMPI_MCA_oob_tcp_if_include=${OMPI_MCA_oob_tcp_if_include:-lo}
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
