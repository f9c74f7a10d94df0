// lineinfo.cu -- kernels built with -lineinfo (lineinfo.o), so that the
// cubin carries line tables (.debug_line, .nv_debug_line_sass): the gate
// points each kernel's annotation at the line that defines it.
namespace lineinfo {

__global__ void scale_kernel(float* v, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= a;
}

// A frame of its own (an array indexed at run time), so that the
// allowance rule has something to say about it.
__global__ void local_kernel(const int* idx, float* out, int n) {
  float buf[64];
  for (int k = 0; k < 64; ++k) buf[k] = (float)(k * n);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = buf[idx[i] & 63];
}

}  // namespace lineinfo
